// A person's addresses, each with why it was joined to the others, and the buttons that keep one apart or rejoin it.
import { useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { AliasReason, PersonAddress } from '../../../../shared/model/people';
import { errorMessage } from '../../../../shared/errorMessage';
import { formatCount } from '../../ui/format';

const REASONS: Record<AliasReason, string> = {
  'same-name': 'same name as',
  'same-local-part': 'same address at a related domain as',
  'name-in-address': 'address spells the name of',
};

export interface PersonAddressesProps {
  client: LanternClient;
  addresses: readonly PersonAddress[];
  onRegrouped: (personId: string) => void;
}

export function PersonAddresses({ client, addresses, onRegrouped }: PersonAddressesProps) {
  const [error, setError] = useState<string | null>(null);
  const change = (address: string, isSeparated: boolean, nextPerson: string): void => {
    setError(null);
    client
      .separateAddress(address, isSeparated)
      .then(() => onRegrouped(nextPerson))
      .catch((problem: unknown) => setError(errorMessage(problem)));
  };
  const primary = addresses[0]!.address;
  return (
    <section className="person-section" aria-labelledby="person-addresses-heading">
      <h3 id="person-addresses-heading">Addresses</h3>
      <ul className="person-addresses" data-testid="person-addresses">
        {addresses.map((address) => (
          <li key={address.address}>
            <span className="person-address">{address.address}</span>
            <span className="muted"> · {formatCount(address.messages)}</span>
            {address.names.length > 0 && <span className="muted"> · as {address.names.slice(0, 3).join(', ')}</span>}
            {address.reason && (
              <span className="person-reason" data-testid="person-reason">
                {REASONS[address.reason]} {address.matchedWith}
              </span>
            )}
            {address.reason && (
              <button
                type="button"
                className="person-small-button"
                onClick={() => change(address.address, true, primary)}
                aria-label={`Keep ${address.address} apart from this person`}
                data-testid="person-separate"
              >
                Keep apart
              </button>
            )}
            {address.isSeparated && (
              <button
                type="button"
                className="person-small-button"
                onClick={() => change(address.address, false, address.address)}
                aria-label={`Let the rule group ${address.address} with others again`}
                data-testid="person-rejoin"
              >
                Undo keep apart
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="person-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
