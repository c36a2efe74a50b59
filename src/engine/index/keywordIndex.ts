// The keyword index over message ordinals (FlexSearch while documents are added, packed arrays once folded), persisted
// with a schema version and rebuilt when it disagrees.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import FlexSearch from 'flexsearch';
import { FrozenPostings, PostingsBuilder, type SlotLists } from './frozenPostings';
import { appendSavedEntries } from './savedPostings';

const { Index } = FlexSearch;

/** Bumped when tokenisation, fields or the file layout change; an index saved with another version is rebuilt. */
export const KEYWORD_INDEX_VERSION = 4;

/** Names the saved files' version and order; field files are named after their field. */
const MANIFEST = 'manifest.json';

/**
 * A field's file holds parts in FlexSearch's export format one per line, "key<TAB>data" (the data is JSON, so it has
 * no raw tab or newline). Parts are written and read one at a time: at 100k messages, reading one 100 MB JSON object
 * and parsing each part out of it again raised the engine's peak memory by about 700 MB while it opened.
 */
const fieldFile = (field: KeywordField): string => `${field}.parts`;

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

type FlexIndex = InstanceType<typeof Index>;

/** FlexSearch's postings, read in place: per word, its ordinals by rank slot. */
function flexMap(index: FlexIndex): Map<string, (number[] | null | undefined)[]> {
  const map = (index as unknown as { map: unknown }).map;
  if (!(map instanceof Map)) throw new Error('keyword index: this FlexSearch version keeps its postings in another shape');
  return map as Map<string, (number[] | null | undefined)[]>;
}

/** Postings (or registered ids) a saved line holds at most: about 2 MB of JSON. */
const PART_SIZE = 250_000;

/** Items in runs whose sizes add up to PART_SIZE: a run closes with the item that reaches it. */
function* runsOf<T>(items: Iterable<T>, sizeOf: (item: T) => number): Generator<T[]> {
  let run: T[] = [];
  let size = 0;
  for (const item of items) {
    run.push(item);
    size += sizeOf(item);
    if (size >= PART_SIZE) {
      yield run;
      run = [];
      size = 0;
    }
  }
  if (run.length > 0) yield run;
}

/**
 * A field's saved lines, in FlexSearch's export format (registered ids, then words with their slots). FlexSearch's own
 * export cut parts by word count, so at a million messages one part of common words passed V8's 512 MB string limit
 * and JSON.stringify ended the process; parts are cut by postings instead.
 */
function* exportParts(postings: FrozenPostings, documents: number): Generator<string> {
  let part = 0;
  for (const ids of runsOf(ordinalsBelow(documents), () => 1)) yield `${(part += 1)}.reg\t${JSON.stringify(ids)}`;
  const postingsOf = ([, slots]: [string, Int32Array[]]): number => slots.reduce((sum, slot) => sum + slot.length, 0);
  for (const entries of runsOf(postings.entries(), postingsOf)) {
    yield `${(part += 1)}.map\t${JSON.stringify(entries.map(([word, slots]) => [word, slots.map((slot) => Array.from(slot))]))}`;
  }
}

function* ordinalsBelow(count: number): Generator<number> {
  for (let ordinal = 0; ordinal < count; ordinal += 1) yield ordinal;
}

/** One line of a file: bytes `start` to `end` (its line break excluded) of `bytes`. */
interface Line {
  bytes: Buffer;
  start: number;
  end: number;
}

/**
 * A file's lines as bytes. Saved lines are about 2 MB each; readline's line-break pattern over them was a fifth of
 * loading a million messages' index, and decoding them to strings is work the postings do not need.
 */
async function* linesOf(path: string): AsyncGenerator<Line> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 22 })) {
    const bytes = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
    let start = 0;
    for (let end = bytes.indexOf(0x0a); end >= 0; end = bytes.indexOf(0x0a, start)) {
      yield { bytes, start, end };
      start = end + 1;
    }
    pending = bytes.subarray(start);
  }
  if (pending.length > 0) yield { bytes: pending, start: 0, end: pending.length };
}

/** FlexSearch's registered ids: not needed (the ordinals are 0..documents-1), only checked, as a sign of damage. */
function checkRegistered(data: string): void {
  if (!Array.isArray(JSON.parse(data))) throw new Error('keyword index: a saved part of registered ids is not a list');
}

function createIndex(): FlexIndex {
  // Documents arrive as folded, de-duplicated words (see keywordDocument.ts), so FlexSearch only splits on spaces;
  // that work happens where messages are parsed, off the importing thread. Resolution 3 ranks early mentions first.
  return new Index({ tokenize: 'strict', encode: (text: string) => text.split(' '), resolution: 3, fastupdate: false, cache: false });
}

interface SavedMeta {
  version: number;
  documents: number;
  /** Fingerprint of the message order the ordinals refer to. */
  order: string;
  /** Postings saved per field, to tell a whole file from a cut one (absent in indexes saved before they were counted). */
  postings?: Record<KeywordField, number>;
}

/** A message's indexed words, space-separated: folded, each once. */
export interface KeywordDocument {
  /** Words of the body text and attachment text. */
  content: string;
  /** Words of the subject, people and attachment names. */
  meta: string;
}

/**
 * Documents added since the last fold are kept in FlexSearch; past this many (or a quarter of all documents, so a
 * growing archive is folded fewer times) they are folded into the packed postings.
 */
const FOLD_AFTER = 20_000;
/**
 * But never more than this many: FlexSearch's arrays take about 4 KB a document of list mail (80 MB for 20,000), so a
 * quarter of a million messages held there (1 GB) made an import's memory grow with the archive. A fold re-packs
 * every posting (27 ns each), so a million-message import spends about a minute folding.
 */
const FOLD_AT_MOST = 50_000;

export class KeywordIndex {
  /** Postings packed into byte arrays (see FrozenPostings): everything loaded or folded. */
  private frozen: Record<KeywordField, FrozenPostings> = { content: FrozenPostings.empty(), meta: FrozenPostings.empty() };
  /** Documents added since the last fold. */
  private live: Record<KeywordField, FlexIndex> = { content: createIndex(), meta: createIndex() };
  private liveDocuments = 0;
  documents = 0;

  /** `foldAfter` is for tests: how many added documents FlexSearch holds at least before they are folded. */
  constructor(private readonly foldAfter = FOLD_AFTER) {}

  add(ordinal: number, document: KeywordDocument): void {
    this.live.content.add(ordinal, document.content);
    this.live.meta.add(ordinal, document.meta);
    this.documents = Math.max(this.documents, ordinal + 1);
    this.liveDocuments += 1;
    if (this.liveDocuments >= Math.min(FOLD_AT_MOST, Math.max(this.foldAfter, this.documents / 4))) this.fold();
  }

  /** Moves what FlexSearch holds into the packed postings; ordinals are added in increasing order, so they follow. */
  private fold(): void {
    if (this.liveDocuments === 0) return;
    for (const field of FIELDS) this.frozen[field] = this.frozen[field].merged(flexMap(this.live[field]));
    this.live = { content: createIndex(), meta: createIndex() };
    this.liveDocuments = 0;
  }

  /**
   * The ordinals containing the word (folded, as `words` gives it), best first, as lists to read one after another:
   * each rank slot's packed ordinals (decoded), then the slot's ordinals added since, read in FlexSearch's arrays in
   * place: asking FlexSearch to search copies every posting of a common word (a third of a word query's time at 100k).
   */
  postings(field: KeywordField, word: string): SlotLists {
    const frozen = this.frozen[field].slots(word);
    const live = flexMap(this.live[field]).get(word);
    if (!frozen) return live ?? [];
    if (!live) return frozen;
    return frozen.flatMap((ids, slot) => [ids, live[slot]]);
  }

  /** How many messages contain the word in the field. */
  frequency(field: KeywordField, word: string): number {
    const live = flexMap(this.live[field]).get(word) ?? [];
    return this.frozen[field].count(word) + live.reduce((sum, ids) => sum + (ids?.length ?? 0), 0);
  }

  async save(folder: string, order: string): Promise<void> {
    this.fold();
    const staging = `${folder}.saving`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    for (const field of FIELDS) {
      const output = createWriteStream(join(staging, fieldFile(field)));
      const written = once(output, 'close');
      for (const line of exportParts(this.frozen[field], this.documents)) {
        if (!output.write(`${line}\n`)) await once(output, 'drain');
      }
      output.end();
      await written;
    }
    const postings = { content: this.frozen.content.postingCount, meta: this.frozen.meta.postingCount };
    const meta: SavedMeta = { version: KEYWORD_INDEX_VERSION, documents: this.documents, order, postings };
    await writeFile(join(staging, MANIFEST), JSON.stringify(meta));
    await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
  }

  /** Loads a saved index if it has this version and numbers the same messages in the same order; null means "rebuild it". */
  static async load(folder: string, expectedDocuments: number, order: string): Promise<KeywordIndex | null> {
    try {
      const meta = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as SavedMeta;
      if (meta.version !== KEYWORD_INDEX_VERSION || meta.documents !== expectedDocuments || meta.order !== order) return null;
      const files = await readdir(folder);
      const index = new KeywordIndex();
      for (const field of FIELDS) {
        if (!files.includes(fieldFile(field))) return null;
        // Room for the packed postings from the start (1.2 bytes a posting on list mail), so they seldom grow.
        const builder = new PostingsBuilder(Math.ceil((meta.postings?.[field] ?? 0) * 1.3));
        for await (const { bytes, start, end } of linesOf(join(folder, fieldFile(field)))) {
          const tab = bytes.indexOf(0x09, start);
          if (tab < 0 || tab >= end) return null;
          if (bytes.toString('latin1', start, tab).endsWith('.reg')) checkRegistered(bytes.toString('utf8', tab + 1, end));
          else appendSavedEntries(bytes, tab + 1, end, builder);
        }
        index.frozen[field] = builder.build();
        // The postings add up to what was saved, or a part is missing.
        if (meta.postings && meta.postings[field] !== index.frozen[field].postingCount) return null;
      }
      index.documents = meta.documents;
      return index;
    } catch {
      return null;
    }
  }
}
