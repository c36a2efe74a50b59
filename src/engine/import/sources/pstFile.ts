// Reads an Outlook data file (.pst, or an .ost cache) directly: its folder tree, messages, flags and attachments.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PSTFile, type PSTFolder, type PSTMessage } from 'pst-extractor';
import type { MailReader, RawMail } from '../rawMail';
import { readFileHead } from './fileHead';
import { buildRfc822 } from './mimeBuilder';
import { NoMailError } from './noMail';
import { isFlagged, outlookMessageOf } from './pstMessage';

const HEADER_BYTES = 514;
const VERSION_ANSI = [14, 15];
const ENCRYPTION_HIGH = 2;
const PR_PST_PASSWORD = 0x67ff;

/**
 * What the header alone says is wrong: cut short (the header records the file's full length), an unknown version, or
 * Outlook's "high" encryption, which pst-extractor cannot undo.
 */
function headerProblem(header: Buffer, size: number, name: string): string | null {
  if (header.length < HEADER_BYTES)
    return `pst: ${name} is cut short (${header.length} bytes, not even a whole header); copy the file again from where it came from`;
  const version = header.readUInt16LE(10);
  const isAnsi = VERSION_ANSI.includes(version);
  if (!isAnsi && version < 23)
    return `pst: ${name} is an Outlook data file of an unknown version (${version}); open it in Outlook and save a copy as a new .pst`;
  const declaredSize = isAnsi ? header.readUInt32LE(168) : Number(header.readBigUInt64LE(184));
  if (size < declaredSize) {
    return `pst: ${name} is cut short: it has ${size.toLocaleString('en-US')} of its ${declaredSize.toLocaleString('en-US')} bytes (an interrupted copy or download?); copy the whole file again`;
  }
  if (header[isAnsi ? 461 : 513] === ENCRYPTION_HIGH) {
    return `pst: ${name} uses Outlook's high encryption, which Lantern cannot read; in Outlook, export the mail to a new .pst without encryption and import that`;
  }
  return null;
}

/** Folders of mail (not calendars, contacts, tasks, notes or settings), by the class Outlook gives the folder. */
function holdsMail(folder: PSTFolder): boolean {
  const containerClass = folder.containerClass;
  return containerClass === '' || containerClass === 'IPF' || /^IPF\.(Note|Imap|Post)/i.test(containerClass);
}

interface FolderVisit {
  folder: PSTFolder;
  /** "Inbox/Projects"; null for mail at the very top of the store. */
  path: string | null;
}

/**
 * The store's folders in order. The unnamed root and its children ("Top of Personal Folders", OST's "Root - Mailbox"
 * and its "IPM_SUBTREE") are containers, not folders people named, so they are left out of paths.
 */
function listFolders(root: PSTFolder, problems: RawMail[]): FolderVisit[] {
  const visits: FolderVisit[] = [];
  const walk = (folder: PSTFolder, segments: string[], depth: number): void => {
    const name = folder.displayName;
    const isContainer = depth <= 1 || (depth === 2 && name === 'IPM_SUBTREE');
    const path = isContainer ? segments : [...segments, name];
    visits.push({ folder, path: path.length > 0 ? path.join('/') : null });
    if (!folder.hasSubfolders) return;
    let children: PSTFolder[];
    try {
      children = folder.getSubFolders();
    } catch (error) {
      problems.push({
        kind: 'failure',
        position: path.join('/') || name,
        reason: `pst: the subfolders of "${name}" could not be read (${(error as Error).message}); they were skipped`,
      });
      return;
    }
    for (const child of children) walk(child, path, depth + 1);
  };
  walk(root, [], 0);
  return visits;
}

/** Search folders have no contents table of their own (they show mail kept elsewhere): nothing to read there. */
function messageCount(folder: PSTFolder): number {
  try {
    return holdsMail(folder) && folder.emailCount >= 0 ? folder.contentCount : 0;
  } catch {
    return 0;
  }
}

/** What Outlook keeps in folders of a class, for naming a data file that holds no mail. */
const ITEM_KINDS: [pattern: RegExp, kind: string][] = [
  [/^IPF\.Contact/i, 'contacts'],
  [/^IPF\.Appointment/i, 'calendar entries'],
  [/^IPF\.Task/i, 'tasks'],
  [/^IPF\.StickyNote/i, 'notes'],
  [/^IPF\.Journal/i, 'journal entries'],
];

/** "an Outlook data file with no mail folders (its folders hold tasks: 71 items)", for a file that gave no message. */
function withoutMail(visits: readonly FolderVisit[]): { what: string; detail: string } {
  const items = new Map<string, number>();
  let hasMailFolder = false;
  for (const { folder } of visits) {
    if (/^IPF\.(Note|Imap|Post)/i.test(folder.containerClass)) hasMailFolder = true;
    if (holdsMail(folder)) continue;
    let count = 0;
    try {
      // Search folders (a negative count) show items kept elsewhere.
      count = folder.emailCount < 0 ? 0 : folder.contentCount;
    } catch {
      // A folder whose contents table cannot be read adds nothing to the description.
    }
    const kind = ITEM_KINDS.find(([pattern]) => pattern.test(folder.containerClass))?.[1] ?? 'other items';
    if (count > 0) items.set(kind, (items.get(kind) ?? 0) + count);
  }
  const held = [...items].map(([kind, count]) => `${kind}: ${count.toLocaleString('en-US')} item${count === 1 ? '' : 's'}`).join(', ');
  if (!hasMailFolder) {
    const detail = held === '' ? 'it has no mail folders and no items' : `it has no mail folders; its folders hold ${held}`;
    return { what: `an Outlook data file with no mail folders (${held === '' ? 'it is empty' : `its folders hold ${held}`})`, detail };
  }
  const detail = held === '' ? 'its mail folders are empty' : `its mail folders are empty; its other folders hold ${held}`;
  return { what: `an Outlook data file whose mail folders are empty${held === '' ? '' : ` (its other folders hold ${held})`}`, detail };
}

/** pst-extractor's cursor: it silently steps over items it cannot load, so the cursor shows what was skipped. */
function cursorOf(folder: PSTFolder): number {
  return (folder as unknown as { currentEmailIndex: number }).currentEmailIndex;
}

function passwordProtected(file: PSTFile, header: Buffer): boolean {
  // OST caches reuse this property for other data; only a PST ("SM" client magic) keeps its password CRC here.
  if (header.subarray(8, 10).toString('latin1') !== 'SM') return false;
  const store = file.getMessageStore() as unknown as { getIntItem(identifier: number): number };
  return store.getIntItem(PR_PST_PASSWORD) !== 0;
}

function* messagesOf(visit: FolderVisit, count: number, onItem: () => void): Generator<RawMail> {
  const where = visit.path ?? 'top of the store';
  let index = 0;
  while (index < count) {
    let item: PSTMessage | null;
    try {
      visit.folder.moveChildCursorTo(index);
      item = visit.folder.getNextChild() as PSTMessage | null;
    } catch (error) {
      yield {
        kind: 'failure',
        position: `${where}, message ${index + 1}`,
        reason: `pst: this message could not be read (${(error as Error).message}); skipped`,
      };
      index += 1;
      onItem();
      continue;
    }
    if (item === null) break;
    const next = cursorOf(visit.folder);
    for (let skipped = index; skipped < next - 1; skipped += 1) {
      yield {
        kind: 'failure',
        position: `${where}, message ${skipped + 1}`,
        reason: 'pst: this message is damaged and could not be read; skipped',
      };
      onItem();
    }
    const position = `${where}, message ${next}`;
    index = next;
    onItem();
    const problems: string[] = [];
    try {
      const bytes = buildRfc822(outlookMessageOf(item, problems));
      yield {
        kind: 'message',
        bytes,
        offset: -1,
        position,
        placement: { folder: visit.path, labels: [], isRead: item.isRead, isStarred: isFlagged(item) },
      };
    } catch (error) {
      yield { kind: 'failure', position, reason: `pst: this message could not be read (${(error as Error).message}); skipped` };
    }
    for (const problem of problems) yield { kind: 'failure', position, reason: `pst: ${problem}` };
  }
}

export const readOutlookDataFile: MailReader = async function* (path, options): AsyncIterable<RawMail> {
  const name = basename(path);
  const { size } = await stat(path);
  const header = await readFileHead(path, HEADER_BYTES);
  const problem = headerProblem(header, size, name);
  if (problem) throw new Error(problem);
  let file: PSTFile;
  try {
    file = new PSTFile(path);
  } catch (error) {
    throw new Error(`pst: ${name} could not be opened as an Outlook data file (${(error as Error).message}); it may be damaged`, {
      cause: error,
    });
  }
  try {
    const problems: RawMail[] = [];
    let visits: FolderVisit[];
    let isLocked: boolean;
    try {
      isLocked = passwordProtected(file, header);
      visits = listFolders(file.getRootFolder(), problems);
    } catch (error) {
      throw new Error(
        `pst: ${name} could not be read as an Outlook data file (${(error as Error).message}); it may be damaged or cut short`,
        { cause: error },
      );
    }
    if (isLocked)
      throw new Error(
        `pst: ${name} is password-protected; in Outlook remove its password (Account Settings > Data Files > Settings > Change Password) and import it again`,
      );
    yield* problems;
    let yielded = problems.length;
    const counted = visits.map((visit) => ({ visit, count: messageCount(visit.folder) }));
    const total = Math.max(
      1,
      counted.reduce((sum, entry) => sum + entry.count, 0),
    );
    let done = 0;
    // Progress by items: a PST has no byte order to follow, and items are of similar size on average.
    const onItem = (): void => {
      done += 1;
      options.onBytes(Math.round((size * Math.min(done, total)) / total));
    };
    for (const { visit, count } of counted) {
      if (count === 0) continue;
      for (const mail of messagesOf(visit, count, onItem)) {
        if (options.signal.aborted) return;
        yielded += 1;
        yield mail;
        // pst-extractor reads synchronously; let the engine answer other requests (and a cancel) between items.
        await nextTurn();
      }
    }
    options.onBytes(size);
    if (yielded === 0) {
      const { what, detail } = withoutMail(visits);
      throw new NoMailError(what, `pst: ${name} holds no mail: ${detail}`);
    }
  } finally {
    file.close();
  }
};
