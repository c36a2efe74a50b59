// The tooltip of a tree row: its whole path (a long or deep name is cut off in the row) and its counts in words.
import type { FolderTreeNode } from '../../../../shared/folderTree/buildFolderTree';
import { countOf, formatCount } from '../../ui/format';

export const TOOLTIP_ID = 'folder-tooltip';

export interface TooltipTarget {
  node: FolderTreeNode;
  /** Where the row is on screen. */
  rect: { left: number; bottom: number };
  /** The source's name, which the path leaves out. */
  sourceName: string;
}

function countsText(node: FolderTreeNode): string {
  if (node.kind === 'source') return 'Imported from this file or folder';
  if (!node.hasMail) return 'Holds folders only';
  return `${countOf(node.count, 'message')}${node.unread > 0 ? `, ${formatCount(node.unread)} unread` : ''}`;
}

export function FolderTooltip({ target }: { target: TooltipTarget | null }) {
  if (!target) return null;
  const { node } = target;
  const place = node.kind === 'source' ? node.path : `${target.sourceName} › ${node.path.split('/').join(' › ')}`;
  return (
    <div
      id={TOOLTIP_ID}
      role="tooltip"
      className="tree-tooltip"
      data-testid="folder-tooltip"
      style={{ left: Math.round(target.rect.left), top: Math.round(target.rect.bottom + 4) }}
    >
      <div className="tree-tooltip-path">{place}</div>
      <div className="tree-tooltip-counts">
        {node.kind === 'label' ? 'Label · ' : ''}
        {countsText(node)}
      </div>
    </div>
  );
}
