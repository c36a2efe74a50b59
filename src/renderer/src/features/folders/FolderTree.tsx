// The folder pane: a filter box, All mail and saved searches, then each imported source as a tree of its labels and
// folders with their counts, drawn a window of rows at a time so thousands of folders stay smooth.
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { buildFolderTree } from '../../../../shared/folderTree/buildFolderTree';
import { visibleRows, type FolderTreeRow } from '../../../../shared/folderTree/visibleRows';
import type { Folder } from '../../../../shared/model/folder';
import type { Stats } from '../../../../shared/model/stats';
import { formatCount } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { PeopleTreeItem } from '../people/PeopleTreeItem';
import { SavedSearchItems } from '../search/SavedSearchItems';
import { useSavedSearches } from '../search/useSavedSearches';
import { FolderRow } from './FolderRow';
import { FolderTooltip, TOOLTIP_ID } from './FolderTooltip';
import { nodeScopes } from './nodeScopes';
import type { FolderScope } from './scopeQuery';
import { useFolding } from './useFolding';
import { scrollToRow, TREE_ROW_HEIGHT, useRowWindow } from './useRowWindow';
import { useTreeKeys } from './useTreeKeys';
import { useTreeTooltip } from './useTreeTooltip';
import './folderTree.css';

export interface FolderTreeProps {
  folders: readonly Folder[];
  stats: Stats | null;
  /** The place the current query is scoped to, or null for all mail. */
  activeScope: FolderScope | null;
  onSelect: (scope: FolderScope | null) => void;
  /** The search bar's query, to mark the saved search it is. */
  query: string;
  /** Runs a saved search. */
  onRunSearch: (query: string) => void;
  /** Whether the People view is showing, and how to open it. */
  isPeopleOpen?: boolean;
  onOpenPeople?: () => void;
}

export function FolderTree({
  folders,
  stats,
  activeScope,
  onSelect,
  query,
  onRunSearch,
  isPeopleOpen = false,
  onOpenPeople,
}: FolderTreeProps) {
  const sources = stats?.sources;
  const roots = useMemo(() => buildFolderTree(folders, sources ?? []), [folders, sources]);
  const scopes = useMemo(() => nodeScopes(roots), [roots]);
  const sourceNames = useMemo(() => new Map(roots.map((root) => [root.source, root.name])), [roots]);
  const folding = useFolding();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => visibleRows(roots, { isCollapsed: folding.isCollapsed, filter }), [roots, folding.isCollapsed, filter]);
  const indexByKey = useMemo(() => new Map(rows.map((row, index) => [row.node.key, index])), [rows]);
  const scopePath = activeScope?.path ?? null;
  const scopeCollection = activeScope?.collection ?? null;
  const selectedKey = useMemo(
    () => (scopePath === null ? null : scopes.keyOf({ path: scopePath, collection: scopeCollection })),
    [scopes, scopePath, scopeCollection],
  );

  const tree = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const rowHolder = useRef<HTMLDivElement>(null);
  const view = useRowWindow(scroller, rowHolder, rows.length);
  const tooltip = useTreeTooltip(sourceNames);
  const { isSaved } = useSavedSearches();
  // A saved search without a folder is selected in its own section, not as All mail.
  const isAllMail = activeScope === null && !isSaved(query) && !isPeopleOpen;

  // The one row Tab lands on: the row last focused, else the selected one; it is drawn even when scrolled away.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const tabbableKey = [focusedKey, selectedKey].find((key) => key !== null && indexByKey.has(key)) ?? null;
  const isAllMailTabbable = tabbableKey === null && !isSaved(query);

  const pendingFocus = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const index = indexByKey.get(key);
    const element = index === undefined ? null : tree.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: true });
      tooltip.show(rows[index!]!.node, element);
    }
  });

  const focusRow = (index: number): void => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    if (scroller.current && rowHolder.current) scrollToRow(scroller.current, rowHolder.current, indexByKey.get(row.node.key)!);
    pendingFocus.current = row.node.key;
    setFocusedKey(row.node.key);
  };

  const toggle = (row: FolderTreeRow, isExpanded?: boolean): void => {
    // While filtering every match is shown unfolded; folding waits until the filter is cleared.
    if (row.isExpanded === undefined || filter.trim() !== '') return;
    folding.setExpanded(row.node.key, isExpanded ?? !row.isExpanded);
  };

  const activate = (row: FolderTreeRow): void => {
    if (row.node.hasMail && row.node.kind !== 'source') onSelect(scopes.scopeOf(row.node));
    else toggle(row);
  };

  const onTreeKeyDown = useTreeKeys({
    tree,
    rows,
    indexByKey,
    focusRow,
    toggle,
    activate,
    isFiltering: filter.trim() !== '',
    hideTooltip: tooltip.hide,
  });

  const onAllMailKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    onSelect(null);
  };

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if ((event.key === 'ArrowDown' || event.key === 'Enter') && rows.length > 0) focusRow(0);
    else if (event.key === 'Escape' && filter !== '') setFilter('');
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const drawn = new Set<number>();
  for (let index = view.first; index < view.last; index += 1) drawn.add(index);
  if (tabbableKey !== null) drawn.add(indexByKey.get(tabbableKey)!);

  return (
    <nav className="folder-pane" aria-label="Folders and labels">
      <div className="tree-filter">
        <Icon name="search" size={14} />
        <input
          type="search"
          value={filter}
          placeholder="Filter folders"
          aria-label="Filter folders"
          aria-controls="folder-tree"
          spellCheck={false}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={onFilterKeyDown}
          data-testid="folder-filter"
        />
      </div>
      <div className="tree-scroll" ref={scroller} onScroll={tooltip.hide}>
        <div
          id="folder-tree"
          className="tree"
          role="tree"
          aria-label="Folders and labels"
          ref={tree}
          onKeyDown={onTreeKeyDown}
          onFocus={(event) => {
            const key = (event.target as HTMLElement).dataset.key;
            if (key !== undefined) setFocusedKey(key);
            else if ((event.target as HTMLElement).getAttribute('role') === 'treeitem') setFocusedKey(null);
          }}
          onBlur={tooltip.hide}
          data-testid="folder-tree"
          data-rows={rows.length}
        >
          <ul role="none" className="tree-top">
            <li
              role="treeitem"
              aria-level={1}
              aria-selected={isAllMail}
              tabIndex={isAllMailTabbable ? 0 : -1}
              className={`tree-item tree-all ${isAllMail ? 'is-selected' : ''}`}
              title="Everything outside Trash and Spam"
              data-testid="folder-all"
              onClick={() => onSelect(null)}
              onKeyDown={onAllMailKeyDown}
            >
              <span className="tree-icon" aria-hidden="true">
                <Icon name="mail" size={15} />
              </span>
              <span className="tree-name">All mail</span>
              {(stats?.allMailUnread ?? 0) > 0 && <span className="tree-unread">{formatCount(stats!.allMailUnread)}</span>}
              <span className="tree-count">{formatCount(stats?.allMailMessages ?? 0)}</span>
            </li>
            {onOpenPeople && <PeopleTreeItem isSelected={isPeopleOpen} onOpen={onOpenPeople} />}
            <SavedSearchItems query={query} onRun={onRunSearch} />
          </ul>
          <div role="none" className="tree-rows" ref={rowHolder} style={{ height: rows.length * TREE_ROW_HEIGHT }}>
            {[...drawn]
              .sort((first, second) => first - second)
              .map((index) => {
                const row = rows[index]!;
                return (
                  <FolderRow
                    key={row.node.key}
                    row={row}
                    index={index}
                    isSelected={row.node.key === selectedKey}
                    isTabbable={row.node.key === tabbableKey}
                    describedBy={tooltip.target?.node.key === row.node.key ? TOOLTIP_ID : undefined}
                    onActivate={activate}
                    onToggle={(target) => toggle(target)}
                    onHover={tooltip.hover}
                  />
                );
              })}
          </div>
          {rows.length === 0 && filter.trim() !== '' && (
            <p className="tree-no-match muted" data-testid="folder-filter-empty">
              No folder or label matches “{filter.trim()}”.
            </p>
          )}
        </div>
      </div>
      <FolderTooltip target={tooltip.target} />
    </nav>
  );
}
