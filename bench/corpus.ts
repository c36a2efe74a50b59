// Builds benchmark archives: the io-uring list, scaled copies with rewritten Message-IDs and shifted dates, and maildirs.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';

const SEPARATOR = /\n(?=From \S+\s.*\d{1,2}:\d{2})/;

/** Calls `onMessage` with each message (its "From " line included) of a gzipped mbox, in order. */
export async function eachMessage(gzPath: string, onMessage: (message: string) => Promise<void> | void): Promise<number> {
  let carry = '';
  let count = 0;
  for await (const chunk of createReadStream(gzPath).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    const parts = (carry + chunk.toString('latin1')).split(SEPARATOR);
    carry = parts.pop()!;
    for (const part of parts) {
      count += 1;
      await onMessage(part);
    }
  }
  if (carry.trim() !== '') {
    count += 1;
    await onMessage(carry);
  }
  return count;
}

/** The copy-th copy of a message: ids made unique per copy, dates moved `copy` × 11 years on. */
function rewrite(message: string, copy: number): string {
  if (copy === 0) return message;
  const headerEnd = message.indexOf('\n\n');
  const headers = headerEnd === -1 ? message : message.slice(0, headerEnd);
  const rewritten = headers
    .replace(/<([^<>\s]+@[^<>\s]+)>/g, `<c${copy}.$1>`)
    .replace(/^(Date:.*?)(\b(19|20)\d\d\b)/im, (_, head: string, year: string) => `${head}${Number(year) + copy * 11}`);
  return headerEnd === -1 ? rewritten : rewritten + message.slice(headerEnd);
}

/** Writes an mbox of `total` messages by repeating the source archive's messages as rewritten copies. */
export async function writeScaledMbox(sourceGz: string, total: number, target: string): Promise<number> {
  const out = createWriteStream(target);
  let written = 0;
  const write = (text: string): Promise<void> =>
    new Promise((resolve) => {
      if (out.write(text)) resolve();
      else out.once('drain', resolve);
    });
  for (let copy = 0; written < total; copy += 1) {
    let added = 0;
    await eachMessage(sourceGz, async (message) => {
      if (written >= total) return;
      await write(`${rewrite(message, copy)}\n`);
      written += 1;
      added += 1;
    });
    if (added === 0) break;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return written;
}

/** Splits an mbox file into a maildir (cur/ with seen flags) for notmuch and mu. */
export async function writeMaildir(mboxGzOrPlain: string, maildir: string, gzipped: boolean): Promise<number> {
  for (const folder of ['cur', 'new', 'tmp']) await mkdir(join(maildir, folder), { recursive: true });
  let index = 0;
  const store = async (message: string): Promise<void> => {
    const body = message.slice(message.indexOf('\n') + 1).replace(/^>(>*From )/gm, '$1');
    await writeFile(join(maildir, 'cur', `${String(index).padStart(8, '0')}.bench:2,S`), body, 'latin1');
    index += 1;
  };
  if (gzipped) await eachMessage(mboxGzOrPlain, store);
  else {
    let carry = '';
    for await (const chunk of createReadStream(mboxGzOrPlain) as AsyncIterable<Buffer>) {
      const parts = (carry + chunk.toString('latin1')).split(SEPARATOR);
      carry = parts.pop()!;
      for (const part of parts) await store(part);
    }
    if (carry.trim() !== '') await store(carry);
  }
  return index;
}
