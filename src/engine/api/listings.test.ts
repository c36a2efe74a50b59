// Integration: the folder list's counts (total and unread) and "All mail"'s are what a search scoped to each lists.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';
import type { Engine } from './engineTypes';

const MESSAGE_COUNT = 72;
/** Messages of a third source whose top-level Inbox shares its name with two nested ones. */
const NESTED_COUNT = 24;

/** Gmail labels by message: trashed and spam mail keeps other labels, as Gmail leaves Inbox on a trashed message. */
function labelsFor(index: number): string {
  return ['Inbox', 'Inbox,Trash', 'Spam', 'Projects/Alpha,Unread', 'Sent', 'Inbox,Unread', 'Inbox,Unread,Trash', 'Opened,Starred'][
    index % 8
  ]!;
}

/** Outlook-style folders (as a PST converter writes X-Folder) with same-named leaves under different people. */
function folderFor(index: number): string {
  return ['sbeck\\Inbox', 'sbeck\\Deleted Items', 'Susan_Bailey\\Notes\\Inbox', 'Susan_Bailey\\Notes\\Sent Items'][index % 4]!;
}

/** A top-level Inbox beside a/Inbox and b/Inbox: a click on the top one must not list the nested ones' mail. */
function nestedFolderFor(index: number): string {
  return ['Inbox', 'a\\Inbox', 'b\\Inbox'][index % 3]!;
}

function withHeaders(message: Buffer, headers: string): Buffer {
  const newline = message.indexOf(0x0a);
  return Buffer.concat([message.subarray(0, newline + 1), Buffer.from(headers), message.subarray(newline + 1)]);
}

describe('folder and All mail counts', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const raw = await readCorpusMessages('io-uring-list.mbox.gz', MESSAGE_COUNT * 2 + NESTED_COUNT);
    const takeout = raw
      .slice(0, MESSAGE_COUNT)
      .map((message, index) => withHeaders(message, `X-GM-THRID: ${5000 + index}\nX-Gmail-Labels: ${labelsFor(index)}\n`));
    const outlook = raw
      .slice(MESSAGE_COUNT, MESSAGE_COUNT * 2)
      .map((message, index) => withHeaders(message, `X-Folder: ${folderFor(index)}\n`));
    await writeFile(join(dataDir, 'takeout.mbox'), toMbox(takeout));
    await writeFile(join(dataDir, 'outlook.mbox'), toMbox(outlook));
    const nested = raw.slice(MESSAGE_COUNT * 2).map((message, index) => withHeaders(message, `X-Folder: ${nestedFolderFor(index)}\n`));
    await writeFile(join(dataDir, 'nested.mbox'), toMbox(nested));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    const paths = ['takeout.mbox', 'outlook.mbox', 'nested.mbox'].map((name) => join(dataDir, name));
    const report = await engine.importPaths(paths, 'listings');
    expect(report.imported).toBe(MESSAGE_COUNT * 2 + NESTED_COUNT);
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('counts in each folder and label what a click on it lists, total and unread', async () => {
    const folders = await engine.listFolders();
    const sources = new Map((await engine.getStats()).sources.map((source) => [source.id, source]));
    expect(folders.map((folder) => `${folder.kind} ${folder.path}`).sort()).toEqual(
      [
        'folder Inbox',
        'folder a/Inbox',
        'folder b/Inbox',
        'folder Susan_Bailey/Notes/Inbox',
        'folder Susan_Bailey/Notes/Sent Items',
        'folder sbeck/Deleted Items',
        'folder sbeck/Inbox',
        'folder takeout',
        'label Inbox',
        'label Opened',
        'label Projects/Alpha',
        'label Sent',
        'label Spam',
        'label Starred',
        'label Trash',
        'label Unread',
      ].sort(),
    );
    for (const folder of folders) {
      // As a click in the tree scopes it: by the whole path, so "Inbox" is not also a/Inbox and b/Inbox.
      const scope = `in:"/${folder.path}" @collection:${folder.source}`;
      const listed = await engine.search({ query: scope, limit: 1 });
      const unread = await engine.search({ query: `${scope} is:unread`, limit: 1 });
      expect({ path: folder.path, count: folder.count, unread: folder.unread }).toEqual({
        path: folder.path,
        count: listed.total,
        unread: unread.total,
      });
      expect(sources.has(folder.source)).toBe(true);
    }
    const byPath = new Map(folders.map((folder) => [folder.path, folder]));
    // Trash lists all its mail; Inbox leaves out its trashed messages, as a click on it does.
    expect(byPath.get('Trash')).toMatchObject({ count: 18, unread: 9 });
    expect(folders.find((folder) => folder.kind === 'label' && folder.path === 'Inbox')).toMatchObject({ count: 18, unread: 9 });
    expect(folders.find((folder) => folder.kind === 'folder' && folder.path === 'Inbox')).toMatchObject({ count: NESTED_COUNT / 3 });
    expect(byPath.get('sbeck/Deleted Items')).toMatchObject({ count: 18, unread: 0 });
  });

  it('counts in All mail what it lists: everything outside Trash and Spam', async () => {
    const stats = await engine.getStats();
    expect(stats.messages).toBe(MESSAGE_COUNT * 2 + NESTED_COUNT);
    expect(stats.allMailMessages).toBe((await engine.search({ query: '', limit: 1 })).total);
    expect(stats.allMailUnread).toBe((await engine.search({ query: 'is:unread', limit: 1 })).total);
    // Of the Takeout's 72: 18 trashed (Inbox,Trash twice per 8) and 9 spam leave 45; of the Outlook's 72, Deleted Items' 18
    // leave 54; the third source's mail is all in its Inboxes.
    expect(stats.allMailMessages).toBe(45 + 54 + NESTED_COUNT);
    expect(stats.allMailUnread).toBe(18);
  });
});
