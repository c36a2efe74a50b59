// One chord as keycaps: "Ctrl" "K" (or "⌘" "K" on a Mac).
import type { KeyChord } from './shortcuts';
import { keyLabel } from './shortcuts';

export function KeyChordView({ chord, isMac }: { chord: KeyChord; isMac: boolean }) {
  return (
    <span className="key-chord">
      {chord.map((key) => (
        <kbd key={key}>{keyLabel(key, isMac)}</kbd>
      ))}
    </span>
  );
}
