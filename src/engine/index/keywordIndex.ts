// The keyword index over message ordinals (plain arrays while documents are added, packed arrays once folded),
// persisted with a schema version and rebuilt when it disagrees.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FrozenPostings, type SlotLists } from './frozenPostings';
import { LivePostings } from './livePostings';
import { prefixCompletions } from './keywordPrefix';
import { StemVariants, type SortedVocabulary } from './keywordStems';
import { detectLanguages } from './archiveLanguages';
import type { StemmingLanguage } from './stemmingLanguages';
import { readPostingsFile, writePostingsFile, type PostingsFileInfo } from './postingsFile';
import { errorMessage } from '../../shared/errorMessage';

/** Bumped when tokenisation, fields or the file layout change; an index saved with another version is rebuilt. */
export const KEYWORD_INDEX_VERSION = 5;

/** Names the saved files' version, the messages they number and each field file's sizes and checksum. */
const MANIFEST = 'manifest.json';

const fieldFile = (field: KeywordField): string => `${field}.postings`;

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

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
 * Documents added since the last fold are kept in live postings (plain arrays); past this many (or a quarter of all
 * documents, so a growing archive is folded fewer times) they are folded into the packed postings.
 */
const FOLD_AFTER = 20_000;
/**
 * But never more than this many: live arrays take kilobytes a document of list mail, so a quarter of a million
 * messages held there made an import's memory grow with the archive (bench/measured-reasons.md). A fold copies the
 * packed bytes as they are and encodes only the postings added since (see FrozenPostings.merged).
 */
const FOLD_AT_MOST = 50_000;

export class KeywordIndex {
  /** Postings packed into byte arrays (see FrozenPostings): everything loaded or folded. */
  private frozen: Record<KeywordField, FrozenPostings> = { content: FrozenPostings.empty(), meta: FrozenPostings.empty() };
  /** Documents added since the last fold. */
  private live: Record<KeywordField, LivePostings> = { content: new LivePostings(), meta: new LivePostings() };
  private liveDocuments = 0;
  documents = 0;
  private readonly stems = new StemVariants();
  /** The sorted vocabulary of the postings it was built from (compared by identity) and of that many live documents. */
  private vocabularyOf: { content: FrozenPostings; meta: FrozenPostings; liveDocuments: number; vocabulary: SortedVocabulary } | null =
    null;
  /** The archive's languages, told from the content postings it was built from (by identity), live and all documents. */
  private languagesOf: {
    content: FrozenPostings;
    liveDocuments: number;
    documents: number;
    languages: readonly StemmingLanguage[];
  } | null = null;

  /** `foldAfter` is for tests: how many added documents stay live at least before they are folded. */
  constructor(private readonly foldAfter = FOLD_AFTER) {}

  add(ordinal: number, document: KeywordDocument): void {
    this.live.content.add(ordinal, document.content);
    this.live.meta.add(ordinal, document.meta);
    this.documents = Math.max(this.documents, ordinal + 1);
    this.liveDocuments += 1;
    if (this.liveDocuments >= Math.min(FOLD_AT_MOST, Math.max(this.foldAfter, this.documents / 4))) this.fold();
  }

  /** Moves the live postings into the packed ones; ordinals are added in increasing order, so they follow. */
  private fold(): void {
    if (this.liveDocuments === 0) return;
    for (const field of FIELDS) this.frozen[field] = this.frozen[field].merged(this.live[field].entries());
    this.live = { content: new LivePostings(), meta: new LivePostings() };
    this.liveDocuments = 0;
  }

  /**
   * The ordinals containing the word (folded, as `words` gives it), best first, as lists to read one after another:
   * each rank slot's packed ordinals (decoded), then the slot's ordinals added since, read in the live arrays in place
   * (copying every posting of a common word, as FlexSearch's search did, was a third of a word query's time at 100k).
   */
  postings(field: KeywordField, word: string): SlotLists {
    const frozen = this.frozen[field].slots(word);
    const live = this.live[field].slots(word);
    if (!frozen) return live ?? [];
    if (!live) return frozen;
    return frozen.flatMap((ids, slot) => [ids, live[slot]]);
  }

  /** Other words of the index with the stem of `word` in English or the archive's languages ("buffers" -> buffer): see keywordStems.ts. */
  stemVariants(word: string): string[] {
    return this.stems.variants(word, this.vocabulary(), this.languages());
  }

  /** The languages the archive's messages are written in, the most used first: see archiveLanguages.ts. */
  languages(): readonly StemmingLanguage[] {
    const known = this.languagesOf;
    const { content } = this.frozen;
    const { liveDocuments, documents } = this;
    if (known?.content === content && known.liveDocuments === liveDocuments && known.documents === documents) return known.languages;
    const languages = detectLanguages((word) => this.frequency('content', word), documents);
    this.languagesOf = { content, liveDocuments, documents, languages };
    return languages;
  }

  /** Words of the index that `prefix` begins, the most used first: the last word of a query still being typed. */
  wordsBegunBy(prefix: string): string[] {
    return prefixCompletions(prefix, this.vocabulary(), (word) => this.frequency('content', word) + this.frequency('meta', word));
  }

  private vocabulary(): SortedVocabulary {
    const known = this.vocabularyOf;
    const { content, meta } = this.frozen;
    if (known?.content === content && known.meta === meta && known.liveDocuments === this.liveDocuments) return known.vocabulary;
    const sorted = [...new Set([...content.words(), ...meta.words()])].sort();
    const recent = new Set([...this.live.content.words(), ...this.live.meta.words()]);
    const vocabulary = { sorted, recent };
    this.vocabularyOf = { content, meta, liveDocuments: this.liveDocuments, vocabulary };
    return vocabulary;
  }

  /** How many messages contain the word in the field. */
  frequency(field: KeywordField, word: string): number {
    return this.frozen[field].count(word) + this.live[field].count(word);
  }

  /** Takes the postings of an index rebuilt from the store (after the OCR stage added text to messages already indexed). */
  adopt(rebuilt: KeywordIndex): void {
    this.frozen = rebuilt.frozen;
    this.live = rebuilt.live;
    this.liveDocuments = rebuilt.liveDocuments;
    this.documents = rebuilt.documents;
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
