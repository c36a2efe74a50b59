// Maildir message files are left to the parser to read, small or large (it checks the size cap), in their folder, with their flags.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/corpus';
import type { RawMail } from '../rawMail';
import { readFolderTree } from './folderTree';

function message(subject: string, bodyBytes: number): Buffer {
  const header = `From: a@example.com\nTo: b@example.com\nSubject: ${subject}\nMessage-ID: <${subject}@example.com>\n\n`;
  return Buffer.concat([Buffer.from(header), Buffer.alloc(bodyBytes, 'line of text\n')]);
}

async function readAll(root: string): Promise<RawMail[]> {
  const mail: RawMail[] = [];
  const options = { signal: new AbortController().signal, onBytes: () => {}, onSkipped: () => {} };
  for await (const item of readFolderTree(root, options)) mail.push(item);
  return mail;
}

describe('maildir message files', () => {
  it('gives short and long files as they are on disk, in their folder, with their flags', async () => {
    const root = await makeTempDir();
    const folder = join(root, 'Clients', 'North');
    for (const sub of ['cur', 'new', 'tmp']) await mkdir(join(folder, sub), { recursive: true });
    const short = message('short', 300);
    const long = message('long', 3 * 1024 * 1024);
    await writeFile(join(folder, 'cur', '1.host:2,S'), short);
    await writeFile(join(folder, 'cur', '2.host:2,FS'), long);
    await writeFile(join(folder, 'new', '3.host'), short);
    const mail = await readAll(root);
    // Every file is read where it is parsed (see readMessageFile), the long one too.
    expect(mail.map((item) => item.kind)).toEqual(['file', 'file', 'file']);
    const [first, second, third] = mail;
    expect(first?.kind === 'file' && readFileSync(first.path).equals(short)).toBe(true);
    expect(second?.kind === 'file' && readFileSync(second.path).equals(long)).toBe(true);
    expect(third?.kind === 'file' && readFileSync(third.path).equals(short)).toBe(true);
    expect(mail.map((item) => (item.kind === 'failure' ? null : item.placement))).toEqual([
      { folder: 'Clients/North', labels: [], isRead: true, isStarred: false },
      { folder: 'Clients/North', labels: [], isRead: true, isStarred: true },
      { folder: 'Clients/North', labels: [], isRead: false, isStarred: false },
    ]);
  });
});
