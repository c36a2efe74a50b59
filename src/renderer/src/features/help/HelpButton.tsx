// The top bar's `?` button: opens the keyboard shortcut sheet, for those who do not know the key yet.
import { Icon } from '../../ui/Icon';

export function HelpButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      className="button button-quiet icon-button"
      aria-label="Keyboard shortcuts (?)"
      title="Keyboard shortcuts (?)"
      onClick={onOpen}
      data-testid="help-open"
    >
      <Icon name="keyboard" size={18} />
    </button>
  );
}
