// Reads a dropped folder: each file in it is recognised by content as if it were dropped alone (detectFile) and read
// with its own reader; maildir trees and Apple Mail bundles keep their folder names and flags; files that hold no mail
// are named to the report.
import { statSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { SourceKind } from '../../../shared/model/importing';
import { detectFile } from '../detectFile';
import { mboxFolderName } from './mbox';
import type { RawMail } from '../rawMail';
import type { SourceReader, SourceReadOptions } from '../sourceReader';
import { appleMailFolder } from './appleMail';
import { NoMailError } from './noMail';

/** Files Finder and Explorer leave in folders: counted, not listed one by one. */
const SYSTEM_FILES = new Set(['thumbs.db', 'ehthumbs.db', 'desktop.ini', 'icon\r']);

/** Kinds that hold one message, which goes into the folder of the directory holding the file. */
const SINGLE_MESSAGE: ReadonlySet<SourceKind> = new Set(['eml', 'emlx', 'msg']);

function isHiddenFile(name: string): boolean {
  return name.startsWith('.') || SYSTEM_FILES.has(name.toLowerCase());
}

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
  const segments = relative(root, directory)
    .split(sep)
    .filter((part) => part !== '');
  const apple = appleMailFolder([basename(root), ...segments]);
  if (apple !== null) return apple;
  return segments.map((part) => part.replace(/^\./, '')).join('/') || basename(root);
}

/** "Inbox.mbox.gz" → "Inbox", "Outlook.pst" → "Outlook", "takeout.tar.gz" → "takeout". */
function fileStem(name: string): string {
  return mboxFolderName(name).replace(/\.(pst|ost)$/i, '') || name;
}

/**
 * Where a file's messages go. A single message: the folder of its directory. An mbox is a folder named after the file
 * ("Inbox.mbox" → "Inbox"; readpst's files named "mbox" take their directory's name). An Outlook file or an archive is
 * a folder named after the file, with its own folders inside ("Outlook.pst" → "Outlook/Inbox").
 */
function folderFor(root: string, directory: string, name: string, kind: SourceKind, inner: string | null): string {
  const here = folderOf(root, directory);
  if (SINGLE_MESSAGE.has(kind) || (kind === 'mbox' && name.toLowerCase() === 'mbox')) return here;
  const own = `${directory === root ? '' : `${here}/`}${fileStem(name)}`;
  return kind === 'mbox' || inner === null ? own : `${own}/${inner}`;
}

/** A file's size; 0 when it cannot be read, which the walk that reads the mail reports. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Every file's size under a folder, by path: a quick walk before reading, so progress has a total. */
async function fileSizes(directory: string, sizes = new Map<string, number>()): Promise<Map<string, number>> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    // An unreadable folder is reported by the walk that reads the mail; here it only adds nothing to the total.
    return sizes;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) await fileSizes(path, sizes);
    // Synchronous: a promise per file cost nine times the CPU on a maildir of 25,000 short messages (issue 25), and a
    // stat takes microseconds, so the engine's thread is held for about a millisecond per folder of 300 files.
    else if (entry.isFile()) sizes.set(path, sizeOf(path));
  }
  return sizes;
}

export const readFolderTree: SourceReader = async function* (root, options): AsyncIterable<RawMail> {
  /** Messages and failures: a folder that gave neither holds no mail. */
  let found = 0;
  let leftOut = 0;
  const leaveOut = (path: string, reason: string, isHidden: boolean): void => {
    leftOut += 1;
    options.onSkipped({ path: relative(root, path), reason, isHidden });
  };
  // Progress is bytes of the files read whole, plus how far into the file being read its own reader is. The walk of
  // sizes runs beside the reading, on this thread: awaited first, it held back the first message for the time of a
  // stat of every file while the parse worker waited for work (bench/measured-reasons.md).
  const sizes = new Map<string, number>();
  let finished = 0;
  /** Files read before the walk of sizes was done, counted once it is. */
  let finishedUnsized: string[] | null = [];
  const sizing = fileSizes(root, sizes)
    .then(() => {
      options.onBytesTotal?.([...sizes.values()].reduce((sum, size) => sum + size, 0));
      for (const path of finishedUnsized ?? []) finished += sizes.get(path) ?? 0;
      finishedUnsized = null;
      options.onBytes(finished);
    })
    // Only progress depends on it: a walk that fails leaves the import without a total, never without its mail (and,
    // not awaited until the reading ends, it must not be a rejection nobody handles meanwhile).
    .catch(() => undefined);
  const finish = (path: string): void => {
    if (finishedUnsized) finishedUnsized.push(path);
    else {
      finished += sizes.get(path) ?? 0;
      options.onBytes(finished);
    }
  };
  const nested: SourceReadOptions = {
    signal: options.signal,
    onBytes: (done) => options.onBytes(finished + done),
    onSkipped: options.onSkipped,
  };

  async function* readFile(directory: string, name: string): AsyncIterable<RawMail> {
    const path = join(directory, name);
    const position = relative(root, path);
    let count = 0;
    try {
      const detection = await detectFile(path);
      if ('problem' in detection) {
        leaveOut(path, detection.what, false);
        return;
      }
      const isSingle = SINGLE_MESSAGE.has(detection.kind);
      for await (const mail of detection.reader(path, nested)) {
        count += 1;
        found += 1;
        const where = isSingle ? position : `${position}, ${mail.position}`;
        if (mail.kind === 'failure') yield { ...mail, position: where };
        else
          yield {
            ...mail,
            position: where,
            placement: { ...mail.placement, folder: folderFor(root, directory, name, detection.kind, mail.placement.folder) },
          };
      }
    } catch (error) {
      if (error instanceof NoMailError && count === 0) {
        leaveOut(path, error.what, false);
        return;
      }
      // One damaged file does not stop the folder: it is reported by name and the walk goes on.
      found += 1;
      yield { kind: 'failure', position, reason: (error as Error).message };
    } finally {
      finish(path);
    }
  }

  async function* readMaildirFiles(directory: string, subfolder: 'cur' | 'new'): AsyncIterable<RawMail> {
    const path = join(directory, subfolder);
    // A file's path and position are its folder's and its name: worked out once a folder, not once a message.
    const folder = folderOf(root, directory);
    const positionPrefix = relative(root, path) + sep;
    for (const file of (await readdir(path)).sort()) {
      if (options.signal.aborted) return;
      const filePath = path + sep + file;
      if (isHiddenFile(file)) {
        leaveOut(filePath, 'a hidden or system file', true);
        finish(filePath);
        continue;
      }
      // Left to the parser to read, whatever its size (readMessageFile checks the cap before reading): reading it here,
      // and copying its bytes to the parse worker, was a large part of this thread's work on short mail (issue 25).
      const placement = { folder, labels: [], ...maildirFlags(file, subfolder === 'new') };
      found += 1;
      finish(filePath);
      yield { kind: 'file', path: filePath, position: positionPrefix + file, placement };
    }
  }

  async function* walk(directory: string): AsyncIterable<RawMail> {
    let entries: Dirent[];
    try {
      entries = (await readdir(directory, { withFileTypes: true })).sort((first, second) => first.name.localeCompare(second.name));
    } catch (error) {
      found += 1;
      yield {
        kind: 'failure',
        position: relative(root, directory),
        reason: `folder: ${directory} could not be read (${(error as Error).message}); the mail in it was not imported`,
      };
      return;
    }
    const names = new Set(entries.map((entry) => entry.name));
    const isMaildir = names.has('cur') || names.has('new');
    for (const entry of entries) {
      if (options.signal.aborted) return;
      if (entry.isDirectory()) {
        if (isMaildir && (entry.name === 'cur' || entry.name === 'new')) yield* readMaildirFiles(directory, entry.name);
        else if (entry.name !== 'tmp' || !isMaildir) yield* walk(join(directory, entry.name));
      } else if (entry.isFile()) {
        if (isHiddenFile(entry.name)) {
          leaveOut(join(directory, entry.name), 'a hidden or system file', true);
          finish(join(directory, entry.name));
        } else yield* readFile(directory, entry.name);
      }
    }
  }

  try {
    yield* walk(root);
  } finally {
    // The total and the bytes read are whole before the reader ends (the import records the source's size); a
    // cancelled import does not wait for the walk.
    if (!options.signal.aborted) await sizing;
  }
  if (found === 0 && !options.signal.aborted) {
    const files =
      leftOut === 0 ? 'it holds no files' : `none of its ${leftOut.toLocaleString('en-US')} file${leftOut === 1 ? ' is' : 's is'} mail`;
    throw new NoMailError(
      'a folder with no mail in it',
      `folder: ${root} holds no mail Lantern can read (${files}; Lantern reads mbox, .eml, .emlx, .msg, .pst and maildir files and zip or tgz archives of them)`,
    );
  }
};
