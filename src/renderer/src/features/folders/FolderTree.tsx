// The folder pane: all mail, then each imported source with its folders and labels and their counts.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Folder } from '../../../../shared/model/folder';
import type { Stats } from '../../../../shared/model/stats';
import { baseName, formatCount } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { SavedSearchItems } from '../search/SavedSearchItems';
import { useSavedSearches } from '../search/useSavedSearches';
import { labelDisplayName, orderLabels } from './labelOrder';

interface SourceGroup {
  id: string;
  name: string;
  folders: Folder[];
  labels: Folder[];
}

function groupBySource(folders: readonly Folder[], stats: Stats | null): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const source of stats?.sources ?? []) groups.set(source.id, { id: source.id, name: baseName(source.path), folders: [], labels: [] });
  for (const folder of folders) {
    let group = groups.get(folder.source);
    if (!group) {
      group = { id: folder.source, name: folder.source, folders: [], labels: [] };
      groups.set(folder.source, group);
    }
    (folder.kind === 'label' ? group.labels : group.folders).push(folder);
  }
  return [...groups.values()].filter((group) => group.folders.length + group.labels.length > 0);
}

function depthOf(path: string): number {
  return path.split('/').length - 1;
}

export interface FolderTreeProps {
  folders: readonly Folder[];
  stats: Stats | null;
  /** The `in:` value of the current query, or null for all mail. */
  activeScope: string | null;
  onSelect: (path: string | null) => void;
  /** The search bar's query, to mark the saved search it is. */
  query: string;
  /** Runs a saved search. */
  onRunSearch: (query: string) => void;
}

function Count({ value }: { value: number }) {
  return <span className="tree-count">{formatCount(value)}</span>;
}

export function FolderTree({ folders, stats, activeScope, onSelect, query, onRunSearch }: FolderTreeProps) {
  const groups = useMemo(() => groupBySource(folders, stats), [folders, stats]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tree = useRef<HTMLUListElement>(null);
  const { isSaved } = useSavedSearches();
  const activeKey = activeScope?.toLowerCase() ?? null;
  // A saved search without a folder is selected in its own section, not as All mail.
  const isAllMail = activeKey === null && !isSaved(query);

  // Roving focus: arrows move between visible items, as in a file explorer.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const items = [...(tree.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])].filter((item) => item.offsetParent !== null);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : Math.min(items.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
    items[next]?.focus();
    event.preventDefault();
    event.stopPropagation();
  };

  const activate = (event: KeyboardEvent<HTMLElement>, action: () => void): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
  };

  const placeItem = (folder: Folder, level: number) => {
    const isSelected = activeKey !== null && activeKey === folder.path.toLowerCase();
    return (
      <li
        key={`${folder.kind}:${folder.source}:${folder.path}`}
        role="treeitem"
        aria-level={level}
        aria-selected={isSelected}
        tabIndex={isSelected ? 0 : -1}
        className={`tree-item tree-${folder.kind} ${isSelected ? 'is-selected' : ''}`}
        style={{ paddingLeft: `${12 + (level - 1) * 14}px` }}
        data-testid="folder-item"
        data-path={folder.path}
        data-kind={folder.kind}
        title={folder.path}
        onClick={() => onSelect(folder.path)}
        onKeyDown={(event) => activate(event, () => onSelect(folder.path))}
      >
        <span className="tree-icon" aria-hidden="true">
          <Icon name={folder.kind === 'label' ? 'label' : 'folder'} size={15} />
        </span>
        <span className="tree-name">{folder.kind === 'label' ? labelDisplayName(folder) : folder.name}</span>
        <Count value={folder.count} />
      </li>
    );
  };

  return (
    <nav className="folder-pane" aria-label="Folders and labels">
      <ul className="tree" role="tree" aria-label="Folders and labels" ref={tree} onKeyDown={onKeyDown} data-testid="folder-tree">
        <li
          role="treeitem"
          aria-level={1}
          aria-selected={isAllMail}
          tabIndex={isAllMail ? 0 : -1}
          className={`tree-item tree-all ${isAllMail ? 'is-selected' : ''}`}
          data-testid="folder-all"
          onClick={() => onSelect(null)}
          onKeyDown={(event) => activate(event, () => onSelect(null))}
        >
          <span className="tree-icon" aria-hidden="true">
            <Icon name="mail" size={15} />
          </span>
          <span className="tree-name">All mail</span>
          <Count value={stats?.messages ?? 0} />
        </li>
        <SavedSearchItems query={query} onRun={onRunSearch} />
        {groups.map((group) => {
          const isExpanded = !collapsed.has(group.id);
          const toggle = (): void =>
            setCollapsed((previous) => {
              const next = new Set(previous);
              if (next.has(group.id)) next.delete(group.id);
              else next.add(group.id);
              return next;
            });
          return (
            <li
              key={group.id}
              role="treeitem"
              aria-level={1}
              aria-expanded={isExpanded}
              aria-selected={false}
              tabIndex={-1}
              className="tree-source"
              data-testid="folder-source"
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if ((event.key === 'ArrowLeft' && isExpanded) || (event.key === 'ArrowRight' && !isExpanded)) toggle();
                activate(event, toggle);
              }}
            >
              <div className="tree-source-row" onClick={toggle}>
                <span className="tree-twisty" aria-hidden="true">
                  {isExpanded ? '▾' : '▸'}
                </span>
                <span className="tree-name" title={group.name}>
                  {group.name}
                </span>
              </div>
              {isExpanded && (
                <ul role="group">
                  {group.folders.map((folder) => placeItem(folder, 2 + depthOf(folder.path)))}
                  {group.labels.length > 0 && (
                    <li role="none" className="tree-heading">
                      Labels
                    </li>
                  )}
                  {orderLabels(group.labels).map((label) => placeItem(label, 2))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
