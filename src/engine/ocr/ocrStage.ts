// The background stage that reads text from images and scanned PDF pages after import, like embedding: resumable (its
// progress is the text it wrote into the store), bounded per file and per page, with progress events.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanternEvent } from '../../shared/contract/api';
import type { AttachmentInfo, AttachmentText } from '../../shared/model/message';
import type { OcrReport } from '../../shared/model/ocr';
import { errorMessage } from '../../shared/errorMessage';
import type { Catalog } from '../index/catalog';
import type { KeywordIndex } from '../index/keywordIndex';
import { KEYWORD_SOURCE_COLUMNS, type KeywordSource } from '../index/keywordDocument';
import { rebuildKeywords } from '../index/loadIndexes';
import { storedAttachmentPath } from '../store/attachmentStore';
import { decodeAttachments, decodeAttachmentTexts } from '../store/messageRecord';
import type { MessageStore } from '../store/messageStore';
import type { StoreWriter } from '../store/storeWriter';
import { needsOcr, ocrKindOf, textEntryOf, type OcrKind } from './ocrKind';
import { OcrPending } from './ocrPending';
import { unlessAborted } from '../unlessAborted';
import { addedContentWords } from './addedWords';
// Loaded when images are first read (sharp, tesseract.js and the attachment readers): an engine that only searches never
// loads them, and they were a third of the command line's start (issue 25).
import type { OcrReader } from './ocrReader';
import type { OcrLimits } from './pageImages';

/** The data folder's copy of the OCR language data (see OcrReader). */
const OCR_LANGUAGES_FOLDER = 'ocr-languages';

/**
 * The words read are searchable at once (added to the keyword index in memory); the index is saved, and the messages'
 * stale vectors dropped, at most this often and at the end of a run.
 */
const SAVE_EVERY_MS = 2 * 60_000;
/** Messages whose text is read from the store at once while looking for work. */
const SCAN_BATCH = 200;

export interface OcrStageOptions {
  dataDir: string;
  store: MessageStore;
  catalog: Catalog;
  keywords: KeywordIndex;
  writer: StoreWriter;
  emit: (event: LanternEvent) => void;
  /** Marks messages whose text changed for embedding again. */
  forgetVectors: (messageIds: readonly string[]) => Promise<void>;
  limits?: OcrLimits;
}

interface Work {
  /** Messages with images or text-less PDFs. */
  total: number;
  /** Those with an attachment OCR has not looked at yet. */
  pending: string[];
}

/** What reading one attachment gave: its new text entry, or null when the run was stopped meanwhile. */
type AttachmentOutcome = AttachmentText | null;

export class OcrStage {
  private running: Promise<OcrReport> | null = null;
  private readonly stop = new AbortController();
  private readonly pending: OcrPending;
  /** Null for the defaults (DEFAULT_OCR_LIMITS, read with the page reader). */
  private readonly limits: OcrLimits | null;
  private lastCounts: { done: number; total: number; catalogSize: number } | null = null;
  /** What follows the background run asked for while another was going on (see startInBackground). */
  private queuedOnDone: ((report: OcrReport) => Promise<void> | void) | null = null;
  /** Messages whose new words this engine's keyword index holds, not yet saved. */
  private readonly indexedHere = new Set<string>();

  constructor(private readonly options: OcrStageOptions) {
    this.pending = new OcrPending(options.dataDir);
    this.limits = options.limits ?? null;
  }

  /** Reads what has not been read yet; concurrent callers share one run. */
  run(): Promise<OcrReport> {
    this.running ??= this.runOnce(this.stop.signal).finally(() => {
      this.running = null;
      // Mail imported while a run was reading waits for it: the run's list of work was made before that mail came.
      const queued = this.queuedOnDone;
      this.queuedOnDone = null;
      if (queued) this.startInBackground(queued);
    });
    return this.running;
  }

  /**
   * Starts a run in the background, or one more after the run going on; `onDone` follows it (embedding what got text).
   * Errors are logged, never thrown.
   */
  startInBackground(onDone: (report: OcrReport) => Promise<void> | void): void {
    if (this.stop.signal.aborted) return;
    if (this.running) {
      this.queuedOnDone = onDone;
      return;
    }
    this.run()
      .then((report) => (this.stop.signal.aborted ? undefined : onDone(report)))
      .catch((error: unknown) => console.error(`ocr: the stage stopped: ${errorMessage(error)}`));
  }

  /** Messages with images or scanned pages, and how many are done; counted again only when the store grew. */
  async counts(): Promise<{ done: number; total: number }> {
    if (this.lastCounts?.catalogSize !== this.options.catalog.size) {
      const work = await this.findWork();
      this.lastCounts = { done: work.total - work.pending.length, total: work.total, catalogSize: this.options.catalog.size };
    }
    return { done: this.lastCounts.done, total: this.lastCounts.total };
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.running?.catch(() => undefined);
  }

  private async runOnce(signal: AbortSignal): Promise<OcrReport> {
    const started = performance.now();
    const { OcrReader } = await import('./ocrReader');
    const reader = new OcrReader(join(this.options.dataDir, OCR_LANGUAGES_FOLDER));
    const report: OcrReport = { read: 0, skipped: [], done: 0, total: 0, languages: reader.languages, elapsedMs: 0 };
    try {
      await this.indexPending();
      const work = await this.findWork(signal);
      report.total = work.total;
      report.done = work.total - work.pending.length;
      const progress = (isFinished: boolean): void => {
        this.lastCounts = { done: report.done, total: report.total, catalogSize: this.options.catalog.size };
        this.options.emit({ type: 'ocr-progress', progress: { done: report.done, total: report.total, isFinished } });
      };
      progress(false);
      let lastSaved = performance.now();
      for (const id of work.pending) {
        if (signal.aborted) break;
        const read = await this.readMessage(id, reader, report, signal);
        if (read === null) break;
        await this.writeText(id, read.before, JSON.stringify(read.texts));
        report.done += 1;
        progress(false);
        if (performance.now() - lastSaved >= SAVE_EVERY_MS) {
          await this.indexPending();
          lastSaved = performance.now();
        }
      }
      // A stopped run saves what it added too (a save takes about a second); only a rebuild waits for the next start.
      await this.indexPending(!signal.aborted);
      progress(true);
    } finally {
      report.languages = reader.languages;
      await reader.close();
    }
    report.elapsedMs = Math.round(performance.now() - started);
    return report;
  }

  /**
   * Stores a message's new attachment text and adds the words it brings to the keyword index. Its id is noted first:
   * a crash before the index is saved leaves it for the next start's indexPending.
   */
  private async writeText(id: string, before: KeywordSource, attachmentTextJson: string): Promise<void> {
    const { store, catalog, keywords, writer } = this.options;
    await writer.write(async () => {
      await this.pending.add([id]);
      await store.updateAttachmentTexts(id, attachmentTextJson);
      const ordinal = catalog.ordinalOf(id);
      // Postings are differences in zigzag form, so an older message's ordinal may follow newer ones.
      if (ordinal !== undefined) keywords.add(ordinal, { content: addedContentWords(before, attachmentTextJson), meta: '' });
      this.indexedHere.add(id);
    });
  }

  /**
   * Saves the keyword index with the words OCR added and drops the vectors of the messages they were added to (so they
   * are embedded again), then forgets their ids. Ids a crashed run left, whose words this index never had, are
   * indexed by rebuilding it from the store: reading every message, but only after a crash.
   */
  private async indexPending(mayRebuild = true): Promise<void> {
    const ids = await this.pending.read();
    if (ids.length === 0) return;
    const isHeld = ids.every((id) => this.indexedHere.has(id));
    if (!isHeld && !mayRebuild) return;
    const { store, catalog, keywords, writer } = this.options;
    await writer.write(async () => {
      if (!isHeld) keywords.adopt(await rebuildKeywords(store, catalog));
      await writer.saveIndexes();
    });
    await this.options.forgetVectors(ids);
    await this.pending.clear();
    for (const id of ids) this.indexedHere.delete(id);
  }

  /** What is left to read; a stopped scan (the engine closing) returns what it found so far. */
  private async findWork(signal?: AbortSignal): Promise<Work> {
    const { catalog, store } = this.options;
    const candidates: string[] = [];
    for (let ordinal = 0; ordinal < catalog.size; ordinal += 1)
      if (catalog.attachments(ordinal).some((attachment) => ocrKindOf(attachment) !== null)) candidates.push(catalog.id(ordinal));
    const work: Work = { total: 0, pending: [] };
    for (let start = 0; start < candidates.length && !signal?.aborted; start += SCAN_BATCH) {
      const rows = await store.getColumns(candidates.slice(start, start + SCAN_BATCH), ['id', 'attachmentsJson', 'attachmentTextJson']);
      for (const row of rows) {
        const texts = decodeAttachmentTexts(row.attachmentTextJson);
        const claimed = new Set<number>();
        let isImageMail = false;
        let hasWork = false;
        for (const attachment of decodeAttachments(row.attachmentsJson)) {
          const kind = ocrKindOf(attachment);
          if (kind === null) continue;
          const entry = texts[textEntryOf(texts, attachment.filename, claimed)];
          if (needsOcr(kind, entry)) hasWork = true;
          // A PDF with a text layer is not a scan: it does not count.
          if (kind === 'image' || entry?.source === 'ocr' || needsOcr(kind, entry)) isImageMail = true;
        }
        if (isImageMail) work.total += 1;
        if (hasWork) work.pending.push(row.id);
      }
    }
    return work;
  }

  /**
   * The message's attachment texts with what OCR read added, and what the keyword index holds of it before; null when
   * the run was stopped meanwhile.
   */
  private async readMessage(
    id: string,
    reader: OcrReader,
    report: OcrReport,
    signal: AbortSignal,
  ): Promise<{ before: KeywordSource; texts: AttachmentText[] } | null> {
    const [row] = await this.options.store.getColumns([id], KEYWORD_SOURCE_COLUMNS);
    if (!row) throw new Error(`ocr: message ${id} is no longer stored`);
    const texts = decodeAttachmentTexts(row.attachmentTextJson);
    const claimed = new Set<number>();
    for (const attachment of decodeAttachments(row.attachmentsJson)) {
      const kind = ocrKindOf(attachment);
      if (kind === null) continue;
      const index = textEntryOf(texts, attachment.filename, claimed);
      if (!needsOcr(kind, texts[index])) continue;
      const entry = await this.readAttachment(attachment, kind, reader, signal);
      if (entry === null) return null;
      if (entry.text === '') report.skipped.push({ messageId: id, filename: attachment.filename, reason: entry.error ?? 'no text' });
      else report.read += 1;
      if (index >= 0) texts[index] = entry;
      else texts.push(entry);
    }
    return { before: row, texts };
  }

  private async readAttachment(
    attachment: AttachmentInfo,
    kind: OcrKind,
    reader: OcrReader,
    signal: AbortSignal,
  ): Promise<AttachmentOutcome> {
    const entry = (text: string, error?: string): AttachmentText => ({
      filename: attachment.filename,
      text,
      source: 'ocr',
      ...(error ? { error } : {}),
    });
    if (!attachment.contentHash)
      return entry('', `not read: no copy of it is stored (${attachment.notStored ?? 'import the file again to keep one'})`);
    const [{ DEFAULT_OCR_LIMITS, pageImagesOf }, { OcrUnavailableError }, { DEFAULT_EXTRACTION_LIMITS }] = await Promise.all([
      import('./pageImages'),
      import('./ocrReader'),
      import('../import/attachments/extractAttachmentText'),
    ]);
    const limits = this.limits ?? DEFAULT_OCR_LIMITS;
    let images;
    try {
      images = await pageImagesOf(kind, await readFile(storedAttachmentPath(this.options.dataDir, attachment.contentHash)), limits);
    } catch (error) {
      return entry('', `not read: the ${kind === 'pdf' ? 'PDF' : 'image'} could not be opened (${errorMessage(error)})`);
    }
    if ('skipped' in images) return entry('', images.skipped);
    const pages: string[] = [];
    const problems: string[] = [];
    let number = 0;
    for await (const image of images.pages) {
      number += 1;
      if (signal.aborted) return null;
      try {
        // A closing engine does not wait for the page: the reader is stopped, and the attachment read at the next start.
        const page = await unlessAborted(reader.read(image, limits.pageTimeoutMs), signal);
        if (page === null) return null;
        pages.push(page.trim());
      } catch (error) {
        if (error instanceof OcrUnavailableError) throw error;
        problems.push(`page ${number}: ${errorMessage(error)}`);
      }
    }
    if (signal.aborted) return null;
    const text = pages
      .filter((page) => page !== '')
      .join('\n\n')
      .slice(0, DEFAULT_EXTRACTION_LIMITS.maxChars);
    const notes = [images.note, ...problems].filter((note): note is string => note !== null);
    if (text === '') return entry('', notes.length > 0 ? `no text was read: ${notes.join('; ')}` : 'no text was found in it');
    return entry(text, notes.length > 0 ? notes.join('; ') : undefined);
  }
}
