// One row of the folder tree: a source, folder or label, with its fold arrow, icon, name and counts.
import type { FolderTreeRow } from '../../../../shared/folderTree/visibleRows';
import { formatCount } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { TREE_ROW_HEIGHT } from './useRowWindow';

const INDENT_PX = 12;

export interface FolderRowProps {
  row: FolderTreeRow;
  index: number;
  isSelected: boolean;
  isTabbable: boolean;
  /** Set while the tooltip describes this row. */
  describedBy: string | undefined;
  onActivate: (row: FolderTreeRow) => void;
  onToggle: (row: FolderTreeRow) => void;
  onHover: (row: FolderTreeRow | null, element: HTMLElement | null) => void;
}

/** What a screen reader says for the row: its name and counts, which the row shows as bare numbers. */
export function rowLabel(row: FolderTreeRow): string {
  const { node } = row;
  if (!node.hasMail) return node.name;
  return `${node.name}, ${formatCount(node.count)} message${node.count === 1 ? '' : 's'}${node.unread > 0 ? `, ${formatCount(node.unread)} unread` : ''}`;
}

export function FolderRow({ row, index, isSelected, isTabbable, describedBy, onActivate, onToggle, onHover }: FolderRowProps) {
  const { node } = row;
  return (
    <div
      role="treeitem"
      id={`folder-row-${index}`}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.positionInSet}
      aria-expanded={row.isExpanded}
      aria-selected={isSelected}
      aria-label={rowLabel(row)}
      aria-describedby={describedBy}
      tabIndex={isTabbable ? 0 : -1}
      className={`tree-item tree-row tree-${node.kind}${isSelected ? ' is-selected' : ''}${node.hasMail ? '' : ' is-empty'}`}
      style={{ transform: `translateY(${index * TREE_ROW_HEIGHT}px)`, paddingLeft: `${6 + (row.level - 1) * INDENT_PX}px` }}
      data-testid={node.kind === 'source' ? 'folder-source' : 'folder-item'}
      data-key={node.key}
      data-index={index}
      data-path={node.path}
      data-kind={node.kind}
      data-level={row.level}
      onClick={() => onActivate(row)}
      onMouseEnter={(event) => onHover(row, event.currentTarget)}
      onMouseLeave={() => onHover(null, null)}
    >
      <span
        className="tree-twisty"
        aria-hidden="true"
        data-testid={row.isExpanded === undefined ? undefined : 'folder-twisty'}
        onClick={(event) => {
          if (row.isExpanded === undefined) return;
          event.stopPropagation();
          onToggle(row);
        }}
      >
        {row.isExpanded === undefined ? '' : row.isExpanded ? '▾' : '▸'}
      </span>
      {node.kind !== 'source' && (
        <span className="tree-icon" aria-hidden="true">
          <Icon name={node.kind === 'label' ? 'label' : 'folder'} size={15} />
        </span>
      )}
      <span className="tree-name">{node.name}</span>
      {node.unread > 0 && (
        <span className="tree-unread" aria-hidden="true" data-testid="folder-unread">
          {formatCount(node.unread)}
        </span>
      )}
      {node.hasMail && (
        <span className="tree-count" aria-hidden="true">
          {formatCount(node.count)}
        </span>
      )}
    </div>
  );
}
