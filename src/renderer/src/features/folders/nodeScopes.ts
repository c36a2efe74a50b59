// What a click on each tree node scopes the search to, and which node the query's scope is: a click names its place by
// the whole path (`in:"/sbeck/Inbox"`, never the top-level Inbox's "/Inbox" finding sbeck/Inbox too), with the node's
// source named where another source holds the same path.
import type { FolderTreeNode } from '../../../../shared/folderTree/buildFolderTree';
import { WHOLE_PATH } from '../../../../shared/query/grammar';
import { placeKey, placeName } from '../../../../shared/query/placeKey';
import type { FolderScope } from './scopeQuery';

function eachPlace(roots: readonly FolderTreeNode[], visit: (node: FolderTreeNode) => void): void {
  const walk = (node: FolderTreeNode): void => {
    if (node.hasMail && node.kind !== 'source') visit(node);
    node.children.forEach(walk);
  };
  roots.forEach(walk);
}

export interface NodeScopes {
  scopeOf: (node: FolderTreeNode) => FolderScope;
  /** The key of the node the scope names, or null when no node in the tree is that place. */
  keyOf: (scope: FolderScope | null) => string | null;
}

export function nodeScopes(roots: readonly FolderTreeNode[]): NodeScopes {
  // The places by whole-path key, and the sources holding each.
  const nodesByKey = new Map<string, FolderTreeNode[]>();
  const sourcesByKey = new Map<string, Set<string>>();
  eachPlace(roots, (node) => {
    const key = placeKey(node.path);
    const nodes = nodesByKey.get(key);
    if (nodes) nodes.push(node);
    else nodesByKey.set(key, [node]);
    const sources = sourcesByKey.get(key) ?? new Set<string>();
    sources.add(node.source);
    sourcesByKey.set(key, sources);
  });
  const isAmbiguous = (node: FolderTreeNode): boolean => (sourcesByKey.get(placeKey(node.path))?.size ?? 0) > 1;
  return {
    scopeOf: (node) => ({ path: `${WHOLE_PATH}${node.path}`, collection: isAmbiguous(node) ? node.source : null }),
    keyOf: (scope) => {
      if (scope === null) return null;
      // A typed `in:inbox` selects the place whose whole path it is, as `in:"/Inbox"` does.
      const candidates = nodesByKey.get(placeName(scope.path).key) ?? [];
      const chosen =
        scope.collection === null ? candidates[0] : candidates.find((node) => placeKey(node.source) === placeKey(scope.collection!));
      return chosen?.key ?? null;
    },
  };
}
