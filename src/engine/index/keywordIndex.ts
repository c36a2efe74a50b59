// The keyword index over message ordinals (FlexSearch while documents are added, packed arrays once folded), persisted
// with a schema version and rebuilt when it disagrees.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import FlexSearch from 'flexsearch';
import { FrozenPostings, type SlotLists } from './frozenPostings';
import { readPostingsFile, writePostingsFile, type PostingsFileInfo } from './postingsFile';
import { errorMessage } from '../../shared/errorMessage';

const { Index } = FlexSearch;

/** Bumped when tokenisation, fields or the file layout change; an index saved with another version is rebuilt. */
export const KEYWORD_INDEX_VERSION = 5;

/** Names the saved files' version, the messages they number and each field file's sizes and checksum. */
const MANIFEST = 'manifest.json';

const fieldFile = (field: KeywordField): string => `${field}.postings`;

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

type FlexIndex = InstanceType<typeof Index>;

/** FlexSearch's postings, read in place: per word, its ordinals by rank slot. */
function flexMap(index: FlexIndex): Map<string, (number[] | null | undefined)[]> {
  const map = (index as unknown as { map: unknown }).map;
  if (!(map instanceof Map)) throw new Error('keyword index: this FlexSearch version keeps its postings in another shape');
  return map as Map<string, (number[] | null | undefined)[]>;
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
  fields: Record<KeywordField, PostingsFileInfo>;
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
 * quarter of a million messages held there (1 GB) made an import's memory grow with the archive. A fold copies the
 * packed bytes as they are and encodes only the postings added since (see FrozenPostings.merged).
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
    const fields = {} as Record<KeywordField, PostingsFileInfo>;
    for (const field of FIELDS) fields[field] = await writePostingsFile(join(staging, fieldFile(field)), this.frozen[field]);
    const meta: SavedMeta = { version: KEYWORD_INDEX_VERSION, documents: this.documents, order, fields };
    await writeFile(join(staging, MANIFEST), JSON.stringify(meta));
    await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
  }

  /** Loads a saved index if it has this version and numbers the same messages in the same order; null means "rebuild it". */
  static async load(folder: string, expectedDocuments: number, order: string): Promise<KeywordIndex | null> {
    let meta: SavedMeta;
    try {
      meta = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as SavedMeta;
    } catch {
      return null;
    }
    if (meta.version !== KEYWORD_INDEX_VERSION || meta.documents !== expectedDocuments || meta.order !== order) return null;
    try {
      const index = new KeywordIndex();
      for (const field of FIELDS) index.frozen[field] = await readPostingsFile(join(folder, fieldFile(field)), meta.fields[field]);
      index.documents = meta.documents;
      return index;
    } catch (error) {
      console.warn(`keyword index: rebuilding it from the messages: ${errorMessage(error)}`);
      return null;
    }
  }
}
