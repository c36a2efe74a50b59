// What a click on each tree node scopes the search to, and which node the query's scope is: `in:` finds a place by
// its whole path or its last segment in every source, so a path that another source also answers to gets that
// node's source named with it.
import type { FolderTreeNode } from '../../../../shared/folderTree/buildFolderTree';
import { placeKey } from '../../../../shared/query/placeKey';
import type { FolderScope } from './scopeQuery';

function eachPlace(roots: readonly FolderTreeNode[], visit: (node: FolderTreeNode) => void): void {
  const walk = (node: FolderTreeNode): void => {
    if (node.hasMail && node.kind !== 'source') visit(node);
    node.children.forEach(walk);
  };
  roots.forEach(walk);
}

function leafOf(path: string): string {
  return path.split('/').pop() ?? path;
}

export interface NodeScopes {
  scopeOf: (node: FolderTreeNode) => FolderScope;
  /** The key of the node the scope names, or null when no node in the tree is that place. */
  keyOf: (scope: FolderScope | null) => string | null;
}

export function nodeScopes(roots: readonly FolderTreeNode[]): NodeScopes {
  // The sources holding a place that `in:<key>` finds: by its whole path, or by its last segment.
  const sourcesByKey = new Map<string, Set<string>>();
  const note = (key: string, source: string): void => {
    const sources = sourcesByKey.get(key) ?? new Set<string>();
    sources.add(source);
    sourcesByKey.set(key, sources);
  };
  const nodesByKey = new Map<string, FolderTreeNode[]>();
  // Leaf names repeat (every person has an Inbox): each is made a key once.
  const leafKeys = new Map<string, string>();
  eachPlace(roots, (node) => {
    const key = placeKey(node.path);
    const leaf = leafOf(node.path);
    let leafKey = leafKeys.get(leaf);
    if (leafKey === undefined) {
      leafKey = placeKey(leaf);
      leafKeys.set(leaf, leafKey);
    }
    note(key, node.source);
    note(leafKey, node.source);
    const nodes = nodesByKey.get(key);
    if (nodes) nodes.push(node);
    else nodesByKey.set(key, [node]);
  });
  const isAmbiguous = (node: FolderTreeNode): boolean => (sourcesByKey.get(placeKey(node.path))?.size ?? 0) > 1;
  return {
    scopeOf: (node) => ({ path: node.path, collection: isAmbiguous(node) ? node.source : null }),
    keyOf: (scope) => {
      if (scope === null) return null;
      const candidates = nodesByKey.get(placeKey(scope.path)) ?? [];
      const chosen = scope.collection === null ? candidates[0] : candidates.find((node) => placeKey(node.source) === placeKey(scope.collection!));
      return chosen?.key ?? null;
    },
  };
}
