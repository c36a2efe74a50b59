// Tests for what a click on a tree node scopes to, and which node a query's scope selects.
import { describe, expect, it } from 'vitest';
import { buildFolderTree, type FolderTreeNode } from '../../../../shared/folderTree/buildFolderTree';
import type { Folder } from '../../../../shared/model/folder';
import { nodeScopes } from './nodeScopes';

const place = (source: string, kind: Folder['kind'], path: string): Folder => ({ source, kind, path, name: path, count: 1, unread: 0 });

function find(roots: readonly FolderTreeNode[], source: string, path: string): FolderTreeNode {
  const all = (nodes: readonly FolderTreeNode[]): FolderTreeNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  return all(roots).find((node) => node.source === source && node.path === path && node.kind !== 'source')!;
}

describe('nodeScopes', () => {
  const roots = buildFolderTree([place('gmail', 'label', 'Inbox'), place('gmail', 'label', 'Projects/Alpha'), place('pst', 'folder', 'sbeck/Inbox'), place('pst', 'folder', 'sbeck/Notes')]);
  const scopes = nodeScopes(roots);

  it('scopes by path alone where no other source answers to it', () => {
    expect(scopes.scopeOf(find(roots, 'pst', 'sbeck/Inbox'))).toEqual({ path: 'sbeck/Inbox', collection: null });
    expect(scopes.scopeOf(find(roots, 'gmail', 'Projects/Alpha'))).toEqual({ path: 'Projects/Alpha', collection: null });
  });

  it("names the source when in: would also find another source's folder by its last segment", () => {
    expect(scopes.scopeOf(find(roots, 'gmail', 'Inbox'))).toEqual({ path: 'Inbox', collection: 'gmail' });
  });

  it('finds the node a scope names, by path (any case) and source', () => {
    expect(scopes.keyOf({ path: 'sbeck/inbox', collection: null })).toBe(find(roots, 'pst', 'sbeck/Inbox').key);
    expect(scopes.keyOf({ path: 'Inbox', collection: 'gmail' })).toBe(find(roots, 'gmail', 'Inbox').key);
    expect(scopes.keyOf({ path: 'nowhere', collection: null })).toBeNull();
    expect(scopes.keyOf(null)).toBeNull();
  });
});
