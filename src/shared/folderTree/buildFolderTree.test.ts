// Tests for the folder tree model: nesting, empty parents, Gmail order, same names told apart, filtering, folding, scale.
import { describe, expect, it } from 'vitest';
import type { Folder } from '../model/folder';
import { buildFolderTree, type FolderTreeNode } from './buildFolderTree';
import { visibleRows } from './visibleRows';

function folder(source: string, path: string, count = 1, unread = 0, kind: Folder['kind'] = 'folder'): Folder {
  return { source, path, kind, count, unread, name: path.split('/').pop() ?? path };
}

const label = (source: string, path: string, count = 1): Folder => folder(source, path, count, 0, 'label');

/** Each node as "indent name count", for readable expectations. */
function outline(nodes: readonly FolderTreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.name}${node.hasMail ? ` ${node.count}` : ''}`,
    ...outline(node.children, depth + 1),
  ]);
}

const never = (): boolean => false;

describe('buildFolderTree', () => {
  it('nests folders by path and puts in the parents that hold no mail', () => {
    const tree = buildFolderTree(
      [
        folder('pst', 'sbeck/Sent Items', 4),
        folder('pst', 'Susan_Bailey/Notes/Deleted Items', 2),
        folder('pst', 'sbeck/Inbox', 3),
        folder('pst', 'Susan_Bailey/Inbox', 1),
      ],
      [{ id: 'pst', path: '/home/me/export' }],
    );
    expect(outline(tree)).toEqual([
      'export',
      '  sbeck',
      '    Inbox 3',
      '    Sent Items 4',
      '  Susan_Bailey',
      '    Inbox 1',
      '    Notes',
      '      Deleted Items 2',
    ]);
    const inboxes = tree[0]!.children.flatMap((child) => child.children).filter((node) => node.name === 'Inbox');
    expect(inboxes.map((node) => node.path)).toEqual(['sbeck/Inbox', 'Susan_Bailey/Inbox']);
    expect(new Set(inboxes.map((node) => node.key)).size).toBe(2);
  });

  it("puts Gmail's labels first in Gmail's order, categories after, then user labels nested on /, then folders", () => {
    const tree = buildFolderTree(
      [
        folder('gmail', 'All mail Including Spam and Trash', 9),
        label('gmail', 'Projects/Alpha', 2),
        label('gmail', 'Trash'),
        label('gmail', 'Category updates', 3),
        label('gmail', 'Opened', 8),
        label('gmail', 'Sent'),
        label('gmail', 'Inbox', 5),
        label('gmail', 'Spam'),
        label('gmail', 'Important'),
        label('gmail', 'Starred'),
        label('gmail', 'Drafts'),
        label('gmail', 'Archived'),
      ],
      [{ id: 'gmail', path: 'takeout.mbox' }],
    );
    expect(outline(tree[0]!.children)).toEqual([
      'Inbox 5',
      'Starred 1',
      'Important 1',
      'Sent 1',
      'Drafts 1',
      'Archived 1',
      'Spam 1',
      'Trash 1',
      'Updates 3',
      'Projects',
      '  Alpha 2',
      'All mail Including Spam and Trash 9',
    ]);
    expect(tree[0]!.children.find((node) => node.name === 'Updates')!.path).toBe('Category updates');
  });

  it('keeps sources apart, names them by file and tells same-named files apart by their folder', () => {
    const tree = buildFolderTree(
      [label('a', 'Inbox', 2), label('b', 'Inbox', 3), folder('c', 'Inbox')],
      [
        { id: 'a', path: '/mail/2023/takeout.mbox' },
        { id: 'b', path: '/mail/2024/takeout.mbox' },
        { id: 'c', path: 'C:\\Users\\me\\Outlook.pst' },
        { id: 'empty', path: '/mail/none.mbox' },
      ],
    );
    expect(tree.map((node) => node.name)).toEqual(['2023/takeout.mbox', '2024/takeout.mbox', 'Outlook.pst']);
    expect(tree.map((node) => node.children[0]!.count)).toEqual([2, 3, 1]);
  });

  it('shows mail without a folder and keeps its empty path for the scope', () => {
    const [root] = buildFolderTree([folder('s', '', 2)]);
    expect(root!.name).toBe('s');
    expect(root!.children[0]).toMatchObject({ name: '(no folder)', path: '', count: 2, hasMail: true });
  });
});

describe('visibleRows', () => {
  const tree = buildFolderTree([folder('s', 'a/b/c'), folder('s', 'a/d'), folder('s', 'e')], [{ id: 's', path: 'x.mbox' }]);
  const shown = (rows: ReturnType<typeof visibleRows>): string[] =>
    rows.map((row) => `${row.level}:${row.node.name}${row.isExpanded === undefined ? '' : row.isExpanded ? '-' : '+'}`);

  it('lists every unfolded node with its level, and hides what a folded node holds', () => {
    expect(shown(visibleRows(tree, { isCollapsed: never }))).toEqual(['1:x.mbox-', '2:a-', '3:b-', '4:c', '3:d', '2:e']);
    const folded = new Set([tree[0]!.children[0]!.key]);
    const rows = visibleRows(tree, { isCollapsed: (key) => folded.has(key) });
    expect(shown(rows)).toEqual(['1:x.mbox-', '2:a+', '2:e']);
    expect(rows.map((row) => `${row.positionInSet}/${row.setSize}`)).toEqual(['1/1', '1/2', '2/2']);
  });

  it('filters to the matches and the way to them, unfolding folded parents, ignoring case and accents', () => {
    const folded = new Set(tree[0]!.children.map((node) => node.key));
    expect(shown(visibleRows(tree, { isCollapsed: (key) => folded.has(key), filter: ' C ' }))).toEqual([
      '1:x.mbox-',
      '2:a-',
      '3:b-',
      '4:c',
    ]);
    const accented = buildFolderTree([folder('s', 'Projekte/Überweisung')]);
    expect(shown(visibleRows(accented, { isCollapsed: never, filter: 'uberw' }))).toEqual(['1:s-', '2:Projekte-', '3:Überweisung']);
    expect(visibleRows(tree, { isCollapsed: never, filter: 'zzz' })).toEqual([]);
  });

  it('shows all of a source whose name matches', () => {
    expect(shown(visibleRows(tree, { isCollapsed: never, filter: 'x.mb' }))).toHaveLength(6);
  });
});
