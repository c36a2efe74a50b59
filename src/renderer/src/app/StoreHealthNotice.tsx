// The status bar's notice when the store opened damaged: what was lost and which files to import again.
import type { StoreHealth } from '../../../shared/model/storeHealth';
import { describeStoreHealth } from '../../../shared/model/storeHealth';

export function StoreHealthNotice({ health }: { health: StoreHealth | undefined }) {
  const lines = health ? describeStoreHealth(health) : [];
  if (lines.length === 0) return null;
  return (
    <div className="status-health" role="alert" data-testid="store-health">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
