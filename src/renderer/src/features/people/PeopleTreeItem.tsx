// "People" in the folder tree, under All mail: opens the People view by a click, Enter or Space (↑/↓ reach it as any row).
import type { KeyboardEvent } from 'react';

export function PersonIcon({ size = 15 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <circle cx="8" cy="5.5" r="2.75" />
      <path d="M2.75 14c.6-2.9 2.6-4.5 5.25-4.5s4.65 1.6 5.25 4.5" strokeLinecap="round" />
    </svg>
  );
}

export function PeopleTreeItem({ isSelected, onOpen }: { isSelected: boolean; onOpen: () => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    onOpen();
  };
  return (
    <li
      role="treeitem"
      aria-level={1}
      aria-selected={isSelected}
      tabIndex={-1}
      className={`tree-item tree-people ${isSelected ? 'is-selected' : ''}`}
      title="Everyone you correspond with"
      data-testid="folder-people"
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      <span className="tree-icon" aria-hidden="true">
        <PersonIcon />
      </span>
      <span className="tree-name">People</span>
    </li>
  );
}
