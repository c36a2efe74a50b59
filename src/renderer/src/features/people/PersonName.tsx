// A person's name that opens them in the People view: a button in the reading pane, a plain click target inside a result row.
import type { Address } from '../../../../shared/model/message';
import { personName } from '../../ui/format';
import { openPerson } from './personOpener';
import './personName.css';

export interface PersonNameProps {
  person: Address;
  /**
   * Inside a result row, which is one option of a listbox: a nested button would be a second tab stop inside the option
   * and confuse screen readers, so the name is a mouse target there; from the keyboard, the reading pane's names are buttons.
   */
  isInListRow?: boolean;
  /** Shown instead of the name (the reading pane's headers show "Name <address>"). */
  label?: string;
}

export function PersonName({ person, isInListRow = false, label }: PersonNameProps) {
  const text = label ?? personName(person);
  if (!person.address) return <>{text}</>;
  const title = `Open ${personName(person)} in People`;
  if (isInListRow) {
    return (
      <span
        className="person-name-link"
        title={title}
        onClick={(event) => {
          event.stopPropagation();
          openPerson(person.address);
        }}
        data-testid="person-name-link"
      >
        {text}
      </span>
    );
  }
  return (
    <button type="button" className="person-name-button" title={title} onClick={() => openPerson(person.address)} data-testid="person-name">
      {text}
    </button>
  );
}

/** A list of people as the headers write it ("Ann <a@x>, Bo <b@y>"), each one a button. */
export function PersonNames({ people }: { people: readonly Address[] }) {
  return (
    <>
      {people.map((person, index) => (
        <span key={`${person.address}-${index}`}>
          {index > 0 && ', '}
          <PersonName
            person={person}
            label={person.name.trim() && person.address ? `${person.name.trim()} <${person.address}>` : undefined}
          />
        </span>
      ))}
    </>
  );
}
