// Imports files into the store: detect, read, parse, deduplicate, write in batches, index, and report.
import { access, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import type { ImportError, ImportPhase, ImportProgress, ImportReport, SkippedFile } from '../../shared/model/importing';
import { progressRate } from '../../shared/progress/progressRate';
import type { LanternEvent } from '../../shared/contract/api';
import type { Catalog } from '../index/catalog';
import type { KeywordIndex } from '../index/keywordIndex';
import type { MessageStore } from '../store/messageStore';
import { decodeAttachments, decodeLabels, type MessageRecord } from '../store/messageRecord';
import type { SourceRegistry } from '../store/sourceRegistry';
import { sourceIdFor } from '../store/sourceRegistry';
import { detectSource } from './detect';
import { mboxFolderName } from './sources/mbox';
import type { NormalizedMessage } from './normalize';
import { attachmentFolder, keepAttachments, makeAttachmentFolder } from '../store/attachmentStore';
import type { AttachmentInfo } from '../../shared/model/message';
import type { Parser } from './parsePool';
import { BatchWriter } from './batchWriter';
import type { ThreadResolver } from './threading';
import { turnClock } from '../store/turns';
import type { LeftOutFile, SourceReadOptions } from './sourceReader';
import { MessageFileError } from './messageFile';

/**
 * Messages and characters of text to a batch, at most. Each batch is a LanceDB fragment and table version, which the
 * store merges once twenty have piled up: with a quarter of this many messages a batch, short mail waited at the end of
 * every import for a merge (bench/measured-reasons.md). The characters bound a batch of long mail, whose records are
 * held until they are stored.
 */
const BATCH_SIZE = 2000;
const BATCH_MAX_CHARS = 8_000_000;
/** A slow source still commits at least this often, so a crash loses little work and new mail shows up in searches. */
const BATCH_MAX_AGE_MS = 1000;
const PROGRESS_INTERVAL_MS = 250;
/** The window searches again on each 'store-changed': while an import runs, at most once a second. */
const STORE_CHANGED_INTERVAL_MS = 1000;
const MAX_REPORTED_ERRORS = 1000;
const MAX_REPORTED_SKIPPED = 1000;
/**
 * Messages parsed ahead of the one being stored: enough to keep the workers busy while one works through a large
 * message (results are taken in file order; 256 left them waiting now and then), few enough to bound memory.
 */
const PARSE_WINDOW = 512;

interface InFlight {
  position: string;
  parsed: Promise<NormalizedMessage>;
}

export interface ImportContext {
  parser: Parser;
  threads: ThreadResolver;
  store: MessageStore;
  catalog: Catalog;
  keywords: KeywordIndex;
  sources: SourceRegistry;
  emit: (event: LanternEvent) => void;
  signal: AbortSignal;
  /** The data folder, whose attachment store the importer alone writes. */
  dataDir: string;
  /** Attachments larger than this are listed but not kept; the store's 100 MB when absent. */
  maxStoredAttachmentBytes?: number;
}

interface Tally {
  imported: number;
  duplicates: number;
  alreadyImported: number;
  failed: number;
  errors: ImportError[];
  skipped: SkippedFile[];
  skippedFiles: number;
  hiddenFiles: number;
  /** Messages in the store when the import started: ordinals below this were there before it. */
  storedBefore: number;
}

function recordError(tally: Tally, error: ImportError): void {
  tally.failed += 1;
  if (tally.errors.length < MAX_REPORTED_ERRORS) tally.errors.push(error);
}

function recordSkipped(tally: Tally, file: LeftOutFile): void {
  tally.skippedFiles += 1;
  if (file.isHidden) tally.hiddenFiles += 1;
  else if (tally.skipped.length < MAX_REPORTED_SKIPPED) tally.skipped.push({ path: file.path, reason: file.reason });
}

/**
 * Attachment bytes being written while parsing goes on (awaiting each write in turn slowed imports by half); this
 * import loop is their one writer, and every batch waits for them before its messages are stored.
 */
class AttachmentWrites {
  private pending: Promise<void>[] = [];
  private folderMade: Promise<void> | null = null;

  constructor(private readonly dataDir: string) {}

  /** Starts writing the message's attachments and lets go of its bytes. */
  keep(message: NormalizedMessage): void {
    const blobs = message.attachmentBlobs;
    message.attachmentBlobs = [];
    if (blobs.length === 0) return;
    this.folderMade ??= makeAttachmentFolder(this.dataDir);
    const written = this.folderMade.then(() => keepAttachments(this.dataDir, blobs));
    // Thrown by settle(); until then a failed write (a full disk) must not count as an unhandled rejection, which ended the process.
    written.catch(() => undefined);
    this.pending.push(written);
  }

  async settle(): Promise<void> {
    const pending = this.pending.splice(0);
    try {
      await Promise.all(pending);
    } catch (error) {
      await Promise.allSettled(pending);
      throw new Error(
        `import: could not keep attachments in ${attachmentFolder(this.dataDir)} (${(error as Error).message}); the messages read since the last save were not stored, so importing again resumes there`,
        { cause: error },
      );
    }
  }
}

function hasUnkeptAttachments(attachments: readonly AttachmentInfo[]): boolean {
  return attachments.some((attachment) => attachment.contentHash === undefined && attachment.notStored === undefined);
}

/**
 * Mail imported before attachments were kept lists them without hashes; importing its file again fills them in
 * (its bytes were just written), which is what the "re-import the file" advice relies on.
 */
async function fillAttachmentHashes(
  record: MessageRecord,
  ordinal: number,
  context: ImportContext,
  writes: AttachmentWrites,
): Promise<void> {
  const attachments = context.catalog.attachments(ordinal);
  if (!hasUnkeptAttachments(attachments)) return;
  const incoming = decodeAttachments(record.attachmentsJson);
  if (incoming.length !== attachments.length || hasUnkeptAttachments(incoming)) return;
  await writes.settle();
  await context.store.updateAttachments(record.id, record.attachmentsJson);
  context.catalog.setAttachments(ordinal, incoming);
}

/** The labels of a stored or pending copy united with a new copy's, or null when the new copy adds none. */
function unitedLabels(labels: readonly string[], incomingJson: string): string[] | null {
  const united = [...new Set([...labels, ...decodeLabels(incomingJson)])];
  return united.length === labels.length ? null : united;
}

/** The same message seen again: unite its labels with the stored copy's (Takeout's "All mail" copies). */
async function mergeDuplicate(record: MessageRecord, context: ImportContext, writes: AttachmentWrites): Promise<void> {
  const ordinal = context.catalog.ordinalOf(record.id)!;
  await fillAttachmentHashes(record, ordinal, context, writes);
  const united = unitedLabels(context.catalog.labels(ordinal), record.labelsJson);
  if (!united) return;
  await context.store.updateLabels(record.id, JSON.stringify(united));
  context.catalog.setLabels(ordinal, united);
}

async function importOne(path: string, importId: string, context: ImportContext, tally: Tally): Promise<void> {
  try {
    await access(path, constants.R_OK);
  } catch {
    recordError(tally, { source: path, position: '', reason: 'cannot read this path: it does not exist or is not readable' });
    return;
  }
  const detection = await detectSource(path);
  if ('problem' in detection) {
    recordError(tally, { source: path, position: '', reason: detection.problem });
    return;
  }
  let bytesTotal = (await stat(path)).size;
  const sourceId = sourceIdFor(path);
  const started = performance.now();
  let bytesDone = 0;
  let messages = 0;
  let lastProgress = 0;
  const progress = (phase: ImportPhase): void => {
    const seconds = (performance.now() - started) / 1000;
    // A finished source was read whole, whatever its reader last reported (a folder's skipped maildir tmp/ files).
    if (phase === 'done') bytesDone = bytesTotal;
    const bytes = progressRate(bytesDone, bytesTotal, seconds);
    const update: ImportProgress = {
      importId,
      source: path,
      phase,
      bytesDone,
      bytesTotal,
      bytesPerSecond: Math.round(bytes.perSecond),
      messages,
      rate: Math.round(progressRate(messages, 0, seconds).perSecond),
      etaSeconds: phase === 'reading' ? bytes.etaSeconds : null,
    };
    context.emit({ type: 'import-progress', progress: update });
  };
  const writes = new AttachmentWrites(context.dataDir);
  let lastStoreChanged = 0;
  // Each stored batch can be searched at once: the window is told, so it leaves its first-run page and refreshes results.
  const onIndexed = (): void => {
    if (performance.now() - lastStoreChanged < STORE_CHANGED_INTERVAL_MS) return;
    lastStoreChanged = performance.now();
    context.emit({ type: 'store-changed' });
  };
  const writer = new BatchWriter({
    store: context.store,
    catalog: context.catalog,
    keywords: context.keywords,
    settleAttachments: () => writes.settle(),
    onIndexed,
  });
  const readerOptions: SourceReadOptions = {
    signal: context.signal,
    onBytes: (done: number) => {
      bytesDone = done;
    },
    onSkipped: (file) => recordSkipped(tally, file),
    onBytesTotal: (total: number) => {
      bytesTotal = total;
    },
  };
  let sourceMessages = 0;
  let lastFlush = performance.now();
  /** Counts a copy of a message already taken and unites its labels with that copy's. */
  const takeDuplicate = async (record: MessageRecord, position: string): Promise<void> => {
    const ordinal = context.catalog.ordinalOf(record.id);
    if (ordinal !== undefined && ordinal < tally.storedBefore) tally.alreadyImported += 1;
    else tally.duplicates += 1;
    const unwritten = writer.unwritten(record.id);
    if (unwritten) {
      const united = unitedLabels(decodeLabels(unwritten.record.labelsJson), record.labelsJson);
      if (united) unwritten.record.labelsJson = JSON.stringify(united);
      return;
    }
    // A copy being written is merged once its batch is stored and indexed (a failed write is thrown from here).
    if (writer.isBeingWritten(record.id)) await writer.settle();
    try {
      await mergeDuplicate(record, context, writes);
    } catch (error) {
      recordError(tally, {
        source: path,
        position,
        reason: `could not unite the labels of a message imported before (${record.messageId || record.id}): ${(error as Error).message}`,
      });
    }
  };
  const accept = async (item: InFlight): Promise<void> => {
    let normalized: NormalizedMessage | null = null;
    try {
      normalized = await item.parsed;
    } catch (error) {
      const reason = error instanceof MessageFileError ? error.message : `could not parse the message: ${(error as Error).message}`;
      recordError(tally, { source: path, position: item.position, reason });
    }
    if (normalized) {
      writes.keep(normalized);
      const { record, threadHints } = normalized;
      sourceMessages += 1;
      record.threadId = context.threads.resolve(record.messageId, record.id, threadHints);
      if (writer.unwritten(record.id) || writer.isBeingWritten(record.id) || context.catalog.has(record.id))
        await takeDuplicate(record, item.position);
      else {
        writer.add(normalized);
        tally.imported += 1;
      }
    }
    if (
      writer.size >= BATCH_SIZE ||
      writer.chars >= BATCH_MAX_CHARS ||
      (writer.size > 0 && performance.now() - lastFlush > BATCH_MAX_AGE_MS)
    ) {
      await writer.flush();
      lastFlush = performance.now();
    }
    if (performance.now() - lastProgress > PROGRESS_INTERVAL_MS) {
      lastProgress = performance.now();
      progress('reading');
    }
  };
  // Parsing runs ahead on worker threads; results are accepted in file order so ids, threads and ordinals are stable.
  const inFlight: InFlight[] = [];
  try {
    const endOfTurn = turnClock();
    for await (const raw of detection.reader(path, readerOptions)) {
      await endOfTurn();
      if (context.signal.aborted) break;
      messages += 1;
      if (raw.kind === 'failure') {
        recordError(tally, { source: path, position: raw.position, reason: raw.reason });
        continue;
      }
      const parseContext = {
        sourceId,
        sourceFile: path,
        offset: raw.kind === 'file' ? -1 : raw.offset,
        placement: raw.placement,
        defaultFolder: mboxFolderName(path),
        ...(context.maxStoredAttachmentBytes === undefined ? {} : { maxStoredAttachmentBytes: context.maxStoredAttachmentBytes }),
      };
      const parsed = raw.kind === 'file' ? context.parser.parseFile(raw.path, parseContext) : context.parser.parse(raw.bytes, parseContext);
      parsed.catch(() => undefined);
      inFlight.push({ position: raw.position, parsed });
      while (inFlight.length >= PARSE_WINDOW) await accept(inFlight.shift()!);
    }
  } catch (error) {
    recordError(tally, { source: path, position: messages > 0 ? `after message ${messages}` : '', reason: (error as Error).message });
  }
  while (inFlight.length > 0) await accept(inFlight.shift()!);
  await writer.finish();
  context.threads.clearPending();
  progress(context.signal.aborted ? 'cancelled' : 'done');
  if (sourceMessages > 0) await context.sources.record(path, detection.kind, bytesTotal, sourceMessages);
}

export async function importPaths(
  paths: string[],
  importId: string,
  context: ImportContext,
  saveIndexes: () => Promise<void>,
): Promise<ImportReport> {
  const started = performance.now();
  const tally: Tally = {
    imported: 0,
    duplicates: 0,
    alreadyImported: 0,
    failed: 0,
    errors: [],
    skipped: [],
    skippedFiles: 0,
    hiddenFiles: 0,
    storedBefore: context.catalog.size,
  };
  await context.threads.prepare();
  for (const path of paths) {
    if (context.signal.aborted) break;
    await importOne(path, importId, context, tally);
  }
  if (tally.imported > 0) {
    await saveIndexes();
    context.emit({ type: 'store-changed' });
  }
  const { storedBefore: _storedBefore, ...counts } = tally;
  return { ...counts, messages: context.catalog.size, elapsedMs: Math.round(performance.now() - started) };
}
