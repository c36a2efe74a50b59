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
  const roots = buildFolderTree([
    place('gmail', 'label', 'Inbox'),
    place('gmail', 'label', 'Projects/Alpha'),
    place('pst', 'folder', 'sbeck/Inbox'),
    place('pst', 'folder', 'sbeck/Notes'),
    place('pst', 'folder', 'Projects/Alpha'),
  ]);
  const scopes = nodeScopes(roots);

  it('scopes every place by its whole path, so the top-level Inbox is not also sbeck/Inbox', () => {
    expect(scopes.scopeOf(find(roots, 'pst', 'sbeck/Inbox'))).toEqual({ path: '/sbeck/Inbox', collection: null });
    expect(scopes.scopeOf(find(roots, 'gmail', 'Inbox'))).toEqual({ path: '/Inbox', collection: null });
  });

  it('names the source when another source holds the same whole path', () => {
    expect(scopes.scopeOf(find(roots, 'gmail', 'Projects/Alpha'))).toEqual({ path: '/Projects/Alpha', collection: 'gmail' });
    expect(scopes.scopeOf(find(roots, 'pst', 'Projects/Alpha'))).toEqual({ path: '/Projects/Alpha', collection: 'pst' });
  });

  it('finds the node a scope names, by whole or typed path (any case) and source', () => {
    expect(scopes.keyOf({ path: '/sbeck/Inbox', collection: null })).toBe(find(roots, 'pst', 'sbeck/Inbox').key);
    expect(scopes.keyOf({ path: 'sbeck/inbox', collection: null })).toBe(find(roots, 'pst', 'sbeck/Inbox').key);
    expect(scopes.keyOf({ path: '/Projects/Alpha', collection: 'pst' })).toBe(find(roots, 'pst', 'Projects/Alpha').key);
    expect(scopes.keyOf({ path: '/Inbox', collection: null })).toBe(find(roots, 'gmail', 'Inbox').key);
    expect(scopes.keyOf({ path: 'nowhere', collection: null })).toBeNull();
    expect(scopes.keyOf(null)).toBeNull();
  });
});
