// The rows the folder tree shows, in order: the nodes that are not folded away, or, while filtering, the matches
// and the nodes that lead to them.
import { foldText } from '../query/fold';
import type { FolderTreeNode } from './buildFolderTree';

/** One shown row, with what a screen reader needs about its place in the tree. */
export interface FolderTreeRow {
  node: FolderTreeNode;
  /** 1 for a source, 2 for its top folders and labels, and so on. */
  level: number;
  parentKey: string | null;
  /** Among the shown siblings: how many there are and which this is (1-based). */
  setSize: number;
  positionInSet: number;
  /** Undefined for a node with nothing below it (shown). */
  isExpanded: boolean | undefined;
}

export interface RowOptions {
  isCollapsed: (key: string) => boolean;
  /** Text typed in the filter box; blank shows the folded tree. */
  filter?: string;
}

/** Name and path folded (lower case, no accents), made when a filter first needs them rather than for every build. */
const searchTexts = new WeakMap<FolderTreeNode, string>();

function searchText(node: FolderTreeNode): string {
  let text = searchTexts.get(node);
  if (text === undefined) {
    text = foldText(`${node.name}\n${node.path}`);
    searchTexts.set(node, text);
  }
  return text;
}

/**
 * The shown nodes: a node whose name or path holds the filter, with the nodes above it (unfolded, whatever their
 * folding) and, for a matching source, everything in it. Paths hold their parents' names, so "sbeck" also shows
 * everything under sbeck.
 */
function matchingNodes(roots: readonly FolderTreeNode[], filter: string): Set<FolderTreeNode> {
  const shown = new Set<FolderTreeNode>();
  const visit = (node: FolderTreeNode, isInMatch: boolean): boolean => {
    const isMatch = isInMatch || searchText(node).includes(filter);
    const inSource = isInMatch || (node.kind === 'source' && isMatch);
    let hasShownChild = false;
    for (const child of node.children) if (visit(child, inSource)) hasShownChild = true;
    if (isMatch || hasShownChild) shown.add(node);
    return isMatch || hasShownChild;
  };
  for (const root of roots) visit(root, false);
  return shown;
}

export function visibleRows(roots: readonly FolderTreeNode[], options: RowOptions): FolderTreeRow[] {
  const filter = foldText(options.filter ?? '').trim();
  const shown = filter === '' ? null : matchingNodes(roots, filter);
  const rows: FolderTreeRow[] = [];
  const emit = (nodes: readonly FolderTreeNode[], level: number, parentKey: string | null): void => {
    const siblings = shown ? nodes.filter((node) => shown.has(node)) : nodes;
    siblings.forEach((node, index) => {
      const children = shown ? node.children.filter((child) => shown.has(child)) : node.children;
      const isExpanded = children.length === 0 ? undefined : shown !== null || !options.isCollapsed(node.key);
      rows.push({ node, level, parentKey, setSize: siblings.length, positionInSet: index + 1, isExpanded });
      if (isExpanded) emit(children, level + 1, node.key);
    });
  };
  emit(roots, 1, null);
  return rows;
}
