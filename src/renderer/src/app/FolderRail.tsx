// In a narrow window the folder pane folds to a rail: a button that opens the folder tree over the result list, and one for People.
import { PersonIcon } from '../features/people/PeopleTreeItem';
import { Icon } from '../ui/Icon';

export interface FolderRailProps {
  isOpen: boolean;
  onToggle: () => void;
  isPeopleOpen: boolean;
  onOpenPeople: () => void;
}

export function FolderRail({ isOpen, onToggle, isPeopleOpen, onOpenPeople }: FolderRailProps) {
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
      <button
        type="button"
        className={`folder-rail-toggle ${isPeopleOpen ? 'is-active' : ''}`}
        aria-label="People"
        title="People: everyone you correspond with"
        aria-pressed={isPeopleOpen}
        onClick={onOpenPeople}
        data-testid="folder-rail-people"
      >
        <PersonIcon size={18} />
      </button>
    </div>
  );
}
