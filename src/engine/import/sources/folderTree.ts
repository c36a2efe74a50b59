// Reads a dropped folder: maildir trees, readpst exports (folders holding `mbox` files or .eml files), EML and .msg trees.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { MailReader, RawMail } from '../rawMail';
import { isGzip, readMbox } from '../mbox';
import { singleMessage } from './archiveEntries';
import { readFileHead } from './fileHead';
import { looksLikeMessage } from './looksLikeMessage';
import { appleMailFolder, emlxMessage } from './appleMail';
import { isCompoundFile, isOutlookItem, msgMessage } from './msgFile';

const HEAD_BYTES = 512;

/** Maildir flags after ":2,": S seen, F flagged. A message still in new/ has not been seen. */
function maildirFlags(name: string, inNew: boolean): { isRead: boolean; isStarred: boolean } {
  const flags = /:2,([A-Za-z]*)$/.exec(name)?.[1] ?? '';
  return { isRead: !inNew && flags.includes('S'), isStarred: flags.includes('F') };
}

/**
 * Folder name of a place in the tree: its path under the dropped folder (Maildir++ ".Sent" → "Sent"); inside Apple
 * Mail bundles, the bundle names ("Work.mbox/Projects.mbox/…" → "Work/Projects").
 */
function folderOf(root: string, directory: string): string {
  const segments = relative(root, directory).split(sep).filter((part) => part !== '');
  const apple = appleMailFolder([basename(root), ...segments]);
  if (apple !== null) return apple;
  return segments.map((part) => part.replace(/^\./, '')).join('/') || basename(root);
}

export const readFolderTree: MailReader = async function* (root, options): AsyncIterable<RawMail> {
  let found = 0;
  async function* walk(directory: string): AsyncIterable<RawMail> {
    const entries = (await readdir(directory, { withFileTypes: true })).sort((first, second) => first.name.localeCompare(second.name));
    const names = new Set(entries.map((entry) => entry.name));
    const isMaildir = names.has('cur') || names.has('new');
    for (const entry of entries) {
      if (options.signal.aborted) return;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (isMaildir && (entry.name === 'cur' || entry.name === 'new')) {
          for (const file of (await readdir(path)).sort()) {
            if (file.startsWith('.')) continue;
            const mail = await singleMessage(createReadStream(join(path, file)), relative(root, join(path, file)), folderOf(root, directory));
            if (mail.kind === 'message') mail.placement = { ...mail.placement, ...maildirFlags(file, entry.name === 'new') };
            found += 1;
            yield mail;
          }
        } else if (entry.name !== 'tmp' || !isMaildir) yield* walk(path);
        continue;
      }
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const start = await readFileHead(path, HEAD_BYTES);
      const lower = entry.name.toLowerCase();
      if (lower === 'mbox' || lower.endsWith('.mbox') || start.subarray(0, 5).toString('latin1') === 'From ' || (isGzip(start) && lower.includes('mbox'))) {
        const folder = lower === 'mbox' ? folderOf(root, directory) : `${folderOf(root, directory) === basename(root) ? '' : `${folderOf(root, directory)}/`}${entry.name.replace(/\.(mbox|gz)+$/i, '')}`;
        for await (const mail of readMbox(path, options)) {
          found += 1;
          yield mail.kind === 'message' ? { ...mail, position: `${relative(root, path)}, ${mail.position}`, placement: { ...mail.placement, folder } } : mail;
        }
      } else if (lower.endsWith('.msg') || (isCompoundFile(start) && (await isOutlookItem(path)))) {
        found += 1;
        yield await msgMessage(path, relative(root, path), folderOf(root, directory));
      } else if (lower.endsWith('.emlx')) {
        found += 1;
        const chunks: Buffer[] = [];
        for await (const chunk of createReadStream(path)) chunks.push(chunk as Buffer);
        yield emlxMessage(Buffer.concat(chunks), relative(root, path), folderOf(root, directory));
      } else if (lower.endsWith('.eml') || looksLikeMessage(start)) {
        found += 1;
        yield await singleMessage(createReadStream(path), relative(root, path), folderOf(root, directory));
      }
    }
  }
  yield* walk(root);
  if (found === 0) throw new Error(`folder: ${root} holds no mail Lantern can read (mbox, .eml, .msg or maildir files)`);
};

/** One .eml file dropped on its own. */
export const readEmlFile: MailReader = async function* (path) {
  yield await singleMessage(createReadStream(path), basename(path), null);
};
