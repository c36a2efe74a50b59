// In a narrow window the folder pane folds to a rail: one button that opens the folder tree over the result list.
import { Icon } from '../ui/Icon';

export function FolderRail({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  return (
    <div className="folder-rail">
      <button
        type="button"
        className={`folder-rail-toggle ${isOpen ? 'is-active' : ''}`}
        aria-label={isOpen ? 'Hide folders' : 'Show folders'}
        title={isOpen ? 'Hide folders (Esc)' : 'Show folders'}
        aria-expanded={isOpen}
        onClick={onToggle}
        data-testid="folder-rail-toggle"
      >
        <Icon name="folder" size={18} />
      </button>
    </div>
  );
}
