// The folder tree's keys, as in a file explorer: ↑/↓ move (Home/End, PageUp/PageDown), → unfolds or goes to the
// first child, ← folds or goes to the parent, Enter or Space scopes the search to the row (or folds a row without mail).
import type { KeyboardEvent, RefObject } from 'react';
import type { FolderTreeRow } from '../../../../shared/folderTree/visibleRows';
import { TREE_ROW_HEIGHT } from './useRowWindow';

export interface TreeKeysOptions {
  tree: RefObject<HTMLElement | null>;
  rows: readonly FolderTreeRow[];
  indexByKey: ReadonlyMap<string, number>;
  focusRow: (index: number) => void;
  toggle: (row: FolderTreeRow, isExpanded?: boolean) => void;
  activate: (row: FolderTreeRow) => void;
  isFiltering: boolean;
  hideTooltip: () => void;
}

export function useTreeKeys({ tree, rows, indexByKey, focusRow, toggle, activate, isFiltering, hideTooltip }: TreeKeysOptions) {
  return (event: KeyboardEvent<HTMLElement>): void => {
    const container = tree.current;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!container || !item || !container.contains(item)) return;
    // All mail and the saved searches come first; the folder rows follow them, drawn a window at a time.
    const topItems = [...container.querySelectorAll<HTMLElement>('.tree-top [role="treeitem"]')];
    const rowIndex = item.dataset.index === undefined ? null : Number(item.dataset.index);
    const row = rowIndex === null ? null : rows[rowIndex]!;
    const current = rowIndex === null ? topItems.indexOf(item) : topItems.length + rowIndex;
    const last = topItems.length + rows.length - 1;
    const moveTo = (position: number): void => {
      const target = Math.max(0, Math.min(last, position));
      if (target < topItems.length) topItems[target]!.focus();
      else focusRow(target - topItems.length);
    };
    const page = Math.max(1, Math.floor((container.parentElement?.clientHeight ?? 0) / TREE_ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current - 1);
        break;
      case 'PageDown':
        moveTo(current + page);
        break;
      case 'PageUp':
        moveTo(current - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(last);
        break;
      case 'ArrowRight':
        if (!row || row.isExpanded === undefined) return;
        if (row.isExpanded) focusRow(rowIndex! + 1);
        else toggle(row, true);
        break;
      case 'ArrowLeft': {
        if (!row) return;
        if (row.isExpanded && !isFiltering) toggle(row, false);
        else if (row.parentKey !== null) focusRow(indexByKey.get(row.parentKey) ?? rowIndex!);
        break;
      }
      case 'Enter':
      case ' ':
        if (!row) return;
        activate(row);
        break;
      case 'Escape':
        hideTooltip();
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
}
