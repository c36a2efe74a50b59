// The short-mail archive generator makes a valid nested maildir with the counts asked, readable by Lantern's folder reader.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFolderTree } from '../src/engine/import/sources/folderTree';
import { firstParagraph, folderPaths, writeShortMailMaildir, type ShortMailArchive } from './shortMailCorpus';

const usrpUsers = resolve(import.meta.dirname, '../../shared/corpora/usrp-users-list.mbox.gz');
const MESSAGES = 400;
const FOLDERS = 60;

/** Every directory under root that is a maildir (has cur/, new/ and tmp/), with the files in its cur/. */
async function maildirs(root: string, found = new Map<string, string[]>()): Promise<Map<string, string[]>> {
  const names = await readdir(root);
  if (names.includes('cur')) {
    expect(names).toEqual(expect.arrayContaining(['cur', 'new', 'tmp']));
    found.set(root, await readdir(join(root, 'cur')));
  }
  for (const name of names) {
    const path = join(root, name);
    if (!['cur', 'new', 'tmp'].includes(name) && (await stat(path)).isDirectory()) await maildirs(path, found);
  }
  return found;
}

describe('the short-mail bench archive', () => {
  let target: string;
  let archive: ShortMailArchive;

  beforeAll(async () => {
    target = join(await mkdtemp(join(tmpdir(), 'short-mail-')), 'maildir');
    archive = await writeShortMailMaildir({ sources: [usrpUsers], target, messages: MESSAGES, folders: FOLDERS });
  });

  it('writes the messages and folders asked, nested, each folder a maildir holding mail', async () => {
    expect(archive.messages).toBe(MESSAGES);
    expect(archive.folders).toHaveLength(FOLDERS);
    const found = await maildirs(target);
    const withMail = [...found.entries()].filter(([, files]) => files.length > 0);
    expect(withMail).toHaveLength(FOLDERS);
    expect(withMail.reduce((sum, [, files]) => sum + files.length, 0)).toBe(MESSAGES);
    expect(Math.max(...archive.folders.map((folder) => folder.split('/').length))).toBe(3);
    for (const [, files] of withMail) for (const file of files) expect(file).toMatch(/^\d{8}\.short:2,S$/);
  });

  it('writes short plain-text messages with their sender, subject, date and id, no quoted text', async () => {
    const found = await maildirs(target);
    const files = [...found.entries()].flatMap(([folder, names]) => names.map((name) => join(folder, 'cur', name)));
    for (const file of files.slice(0, 50)) {
      const bytes = await readFile(file);
      const parsed = await simpleParser(bytes);
      expect(parsed.messageId).toBeTruthy();
      expect(parsed.from?.value.length).toBeGreaterThan(0);
      expect(parsed.date).toBeInstanceOf(Date);
      expect(parsed.text?.trim()).not.toBe('');
      expect(parsed.text).not.toMatch(/^>/m);
      expect(bytes.length).toBeLessThan(8_000);
    }
  });

  it('is read by Lantern as the same number of messages in the same folders', async () => {
    const folders = new Set<string>();
    let messages = 0;
    const controller = new AbortController();
    for await (const mail of readFolderTree(target, { signal: controller.signal, onBytes: () => {}, onSkipped: () => {} })) {
      // Small message files are handed over by path, for the parse workers to read (see RawMail).
      expect(mail.kind).toBe('file');
      if (mail.kind !== 'failure') folders.add(mail.placement.folder!);
      messages += 1;
    }
    expect(messages).toBe(MESSAGES);
    expect([...folders].sort()).toEqual([...archive.folders].sort());
  });

  it('keeps the first paragraph of own text, leaving out quotes, their attribution and the signature', () => {
    expect(firstParagraph('\nOn Mon, Bob wrote:\n> old text\n\nThanks, that fixed it.\nSee you.\n\nMore.\n-- \nAlice')).toBe(
      'Thanks, that fixed it.\nSee you.',
    );
    expect(firstParagraph('> only a quote\n-- \nsig')).toBe('');
  });

  it('names up to 372 folders depth first and refuses more', () => {
    expect(folderPaths(5)).toEqual(['INBOX', 'Sent', 'Clients', 'Clients/North', 'Clients/North/Contracts']);
    expect(() => folderPaths(10_000)).toThrow(/at most/);
  });
});
