// The keyword index over message ordinals (plain arrays while documents are added, packed arrays once folded),
// persisted with a schema version and rebuilt when it disagrees.
import { nodeCrypto } from '../nodeCrypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FrozenPostings, SlotDamage, type OrdinalArrays, type SlotLists } from './frozenPostings';
import { LivePostings } from './livePostings';
import { prefixCompletions } from './keywordPrefix';
import { StemVariants } from './keywordStems';
import { KeywordVocabulary } from './keywordVocabulary';
import { VocabularyWithRecent } from './vocabularyWithRecent';
import { detectLanguages } from './archiveLanguages';
import { STEMMING_LANGUAGES, type StemmingLanguage } from './stemmingLanguages';
import { openPostingsBytes, openPostingsFile, writePostingsFile, type PostingsFileInfo } from './postingsFile';
import { PostingsDamage } from './postingsFileBytes';
import { FileSink, MemorySink, type PostingsSink } from './postingsSink';
import { runInTurns } from '../store/turns';
import { readPostingsFileV5 } from './postingsFileV5';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Bumped when tokenisation, fields or the file layout change; an index saved with another version is rebuilt. Format 7
 * keeps identifiers whole beside their words (see indexedWords). Formats 5 (read whole into memory) and 6 (read in
 * place) hold the words alone: an engine that may write rebuilds them (see loadKeywordIndex); one that only reads
 * searches them as they are, its words matching as before, rather than rebuilding them in memory at every open
 * (2.8 minutes of a `lantern search` on a 100k-message store).
 */
export const KEYWORD_INDEX_VERSION = 7;
export const READABLE_OLD_VERSIONS: readonly number[] = [5, 6];
/** The format whose files were named by their field alone, read by readPostingsFileV5. */
const FIELD_NAMED_VERSION = 5;

/** Names the saved files' version, the messages they number and each field file's name, sizes and checksum. */
const MANIFEST = 'manifest.json';

/** A field's file name since format 6: new at every save, so a save never replaces a file a search may be reading. */
const FIELD_FILE = /^(content|meta)-[0-9a-f]+\.postings$/;
const fieldNamedFile = (field: KeywordField): string => `${field}.postings`;

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

interface SavedMeta {
  version: number;
  documents: number;
  /** Fingerprint of the message order the ordinals refer to. */
  order: string;
  fields: Record<KeywordField, PostingsFileInfo>;
  /**
   * The archive's languages as the saved postings tell them (see languages()), by name: a command that opens the
   * index for one search does not weigh every language's function words again. Saves before it have none.
   */
  languages?: string[];
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
  /** Read from a save of an older format (see READABLE_OLD_VERSIONS), without identifiers whole. */
  isOldFormat = false;
  /** Read from a save made before the word tables were saved beside the postings (see wordTableFile.ts). */
  lacksWordTables = false;
  /** Rebuilds the index when a saved block turns out damaged (set by the engine; see `whenDamaged`). */
  private repair: (() => Promise<void>) | null = null;
  private repairing: Promise<void> | null = null;
  /** Where folds write the merged bytes (see `foldInto`); null keeps them in memory. */
  private foldFolder: string | null = null;
  /** Postings packed into byte arrays (see FrozenPostings): everything loaded or folded. */
  private frozen: Record<KeywordField, FrozenPostings> = { content: FrozenPostings.empty(), meta: FrozenPostings.empty() };
  /** Documents added since the last fold. */
  private live: Record<KeywordField, LivePostings> = { content: new LivePostings(), meta: new LivePostings() };
  private liveDocuments = 0;
  documents = 0;
  private readonly stems = new StemVariants();
  /** The sorted vocabulary of the postings it was built from and of the live postings it reads (compared by identity). */
  private vocabularyOf: {
    content: FrozenPostings;
    meta: FrozenPostings;
    live: Record<KeywordField, LivePostings>;
    vocabulary: KeywordVocabulary;
    /** The packed words alone, kept while the packed postings stand (see VocabularyWithRecent). */
    packed: KeywordVocabulary;
  } | null = null;
  /** The archive's languages, told from the content postings it was built from (by identity), live and all documents. */
  private languagesOf: {
    content: FrozenPostings;
    liveDocuments: number;
    documents: number;
    languages: readonly StemmingLanguage[];
  } | null = null;
  /** Packed content postings' counts of the words languages are told by (see `packedContentCount`). */
  private packedCounts: { content: FrozenPostings; counts: Map<string, number> } | null = null;

  /** `foldAfter` is for tests: how many added documents stay live at least before they are folded. */
  constructor(private readonly foldAfter = FOLD_AFTER) {}

  add(ordinal: number, document: KeywordDocument): void {
    this.live.content.add(ordinal, document.content);
    this.live.meta.add(ordinal, document.meta);
    this.documents = Math.max(this.documents, ordinal + 1);
    this.liveDocuments += 1;
    if (this.liveDocuments >= Math.min(FOLD_AT_MOST, Math.max(this.foldAfter, this.documents / 4))) this.fold();
  }

  /**
   * Moves the live postings into the packed ones; ordinals are added in increasing order, so they follow. The merged
   * bytes go to a file of their own when the engine may write (see `foldInto`), otherwise into memory; either way the
   * packed bytes are copied block by block, never held whole. Synchronous (a fold runs inside an import's batch), so
   * no search reads postings halfway through one.
   */
  private fold(): void {
    if (this.liveDocuments === 0) return;
    for (const field of FIELDS) {
      const before = this.frozen[field];
      try {
        this.frozen[field] = before.merged(this.live[field].entries(), this.foldSink(field));
      } catch (error) {
        throw this.damaged(error);
      }
      // A fold's own file is removed with it; the saved file stays.
      before.close();
    }
    this.live = { content: new LivePostings(), meta: new LivePostings() };
    this.liveDocuments = 0;
  }

  /** Where a fold writes a field's merged bytes: a file of its own in the fold folder, or memory (see `foldInto`). */
  private foldSink(field: KeywordField): (length: number) => PostingsSink {
    const folder = this.foldFolder;
    if (folder === null) return (length) => new MemorySink(length);
    mkdirSync(folder, { recursive: true });
    return (length) => new FileSink(join(folder, `${field}-${nodeCrypto().randomBytes(6).toString('hex')}.folding`), length);
  }

  /**
   * The fold a save begins with, in turns between searches (see runInTurns): done in one go it held the engine's
   * thread half a second at the end of an import into a 100k-message archive while searches waited (issue 25).
   * Searches read the packed and live postings as they were until both fields are merged, then the merged ones. The
   * writer's queue adds nothing meanwhile; were anything added or the postings replaced, the merge is given up and the
   * fold done in one go.
   */
  private async foldInTurns(): Promise<void> {
    if (this.liveDocuments === 0) return;
    const { live, liveDocuments } = this;
    const packed = { ...this.frozen };
    const merged: FrozenPostings[] = [];
    try {
      for (const field of FIELDS) merged.push(await runInTurns(packed[field].mergeSteps(live[field].entries(), this.foldSink(field))));
    } catch (error) {
      for (const postings of merged) postings.close();
      throw this.damaged(error);
    }
    if (this.live !== live || this.liveDocuments !== liveDocuments || FIELDS.some((field) => this.frozen[field] !== packed[field])) {
      for (const postings of merged) postings.close();
      this.fold();
      return;
    }
    FIELDS.forEach((field, index) => {
      // A fold's own file is removed with it; the saved file stays.
      this.frozen[field].close();
      this.frozen[field] = merged[index]!;
    });
    this.live = { content: new LivePostings(), meta: new LivePostings() };
    this.liveDocuments = 0;
  }

  /**
   * Folds from now on write the merged bytes to a file in `folder` (the index's, which the next save clears of them)
   * and read them in place, instead of holding every posting of the archive in the heap during an import. Only for an
   * engine that may write the data folder.
   */
  foldInto(folder: string): void {
    this.foldFolder = folder;
  }

  /**
   * How to rebuild the index when a block of its saved postings turns out damaged (found when first read, see
   * postingsFileBytes.ts): the engine rebuilds it from the messages on its writer's queue.
   */
  whenDamaged(repair: () => Promise<void>): void {
    this.repair = repair;
  }

  /** A damaged block's error, once the rebuild has begun: said clearly to whoever searched; any other error as it is. */
  private damaged(error: unknown): unknown {
    if (!(error instanceof PostingsDamage || error instanceof SlotDamage)) return error;
    if (this.repair === null) return error;
    if (this.repairing === null) {
      console.error(`${error.message}: rebuilding the keyword index from the messages`);
      this.repairing = this.repair()
        .catch((failure: unknown) => console.error(`keyword index: rebuilding it failed: ${errorMessage(failure)}`))
        .finally(() => {
          this.repairing = null;
        });
    }
    return new Error(`${error.message}; the keyword index is being rebuilt from the messages, search again in a moment`);
  }

  /** Every block of the saved postings checked against its checksum (for `lantern check`): the damaged ones. */
  damage(): string[] {
    return FIELDS.flatMap((field) => this.frozen[field].damage());
  }

  /** Lets go of the saved files the postings are read from. */
  close(): void {
    for (const field of FIELDS) this.frozen[field].close();
  }

  /**
   * The ordinals containing the word (folded, as `words` gives it), best first, as lists to read one after another:
   * each rank slot's packed ordinals (decoded), then the slot's ordinals added since, read in the live arrays in place
   * (copying every posting of a common word, as FlexSearch's search did, was a third of a word query's time at 100k).
   */
  postings(field: KeywordField, word: string, arrays?: OrdinalArrays): SlotLists {
    let frozen: SlotLists | null;
    try {
      frozen = this.frozen[field].slots(word, arrays);
    } catch (error) {
      throw this.damaged(error);
    }
    const live = this.live[field].slots(word);
    if (!frozen) return live ?? [];
    if (!live) return frozen;
    return frozen.flatMap((ids, slot) => [ids, live[slot]]);
  }

  /** Other words of the index with the stem of `word` in English or the archive's languages ("buffers" -> buffer): see keywordStems.ts. */
  stemVariants(word: string): string[] {
    return this.stems.variants(word, this.vocabulary(), this.languages());
  }

  /** Takes the languages a save told from these postings, when it named only languages this build stems. */
  private startLanguagesFrom(names: readonly string[] | undefined): void {
    const languages = names?.map((name) => STEMMING_LANGUAGES.find((language) => language.name === name));
    if (!languages || languages.some((language) => language === undefined)) return;
    const { content } = this.frozen;
    this.languagesOf = {
      content,
      liveDocuments: this.liveDocuments,
      documents: this.documents,
      languages: languages as StemmingLanguage[],
    };
  }

  /** The languages the archive's messages are written in, the most used first: see archiveLanguages.ts. */
  languages(): readonly StemmingLanguage[] {
    const known = this.languagesOf;
    const { content } = this.frozen;
    const { liveDocuments, documents } = this;
    if (known?.content === content && known.liveDocuments === liveDocuments && known.documents === documents) return known.languages;
    const told = detectLanguages((word) => this.packedContentCount(word) + this.live.content.count(word), documents);
    // The same list as before when a batch changed nothing (almost always): the stem variants remembered stay valid.
    const isSame =
      known !== null && told.length === known.languages.length && told.every((language, index) => language === known.languages[index]);
    const languages = isSame ? known.languages : told;
    this.languagesOf = { content, liveDocuments, documents, languages };
    return languages;
  }

  /**
   * How many packed content postings hold the word, remembered while the packed postings stand: languages are told
   * again after every batch of an import, and looking the same few hundred words up in the packed postings each time
   * was a quarter of a second of the engine's thread at 100k messages (issue 25).
   */
  private packedContentCount(word: string): number {
    const content = this.frozen.content;
    if (this.packedCounts?.content !== content) this.packedCounts = { content, counts: new Map() };
    const { counts } = this.packedCounts;
    let count = counts.get(word);
    if (count === undefined) {
      count = content.count(word);
      counts.set(word, count);
    }
    return count;
  }

  /** Words of the index that `prefix` begins, the most used first: the last word of a query still being typed. */
  wordsBegunBy(prefix: string): string[] {
    return prefixCompletions(prefix, this.vocabulary(), (word) => this.frequency('content', word) + this.frequency('meta', word));
  }

  private vocabulary(): KeywordVocabulary {
    const known = this.vocabularyOf;
    const { content, meta } = this.frozen;
    if (known?.content === content && known.meta === meta && known.live === this.live) return known.vocabulary;
    const packed =
      known?.content === content && known.meta === meta
        ? known.packed
        : new KeywordVocabulary(() => [content.wordsAsHeld(), meta.wordsAsHeld()]);
    const vocabulary = new VocabularyWithRecent(packed, this.live);
    this.vocabularyOf = { content, meta, live: this.live, vocabulary, packed };
    return vocabulary;
  }

  /** How many messages contain the word in the field. */
  frequency(field: KeywordField, word: string): number {
    return this.frozen[field].count(word) + this.live[field].count(word);
  }

  /** Takes the postings of an index rebuilt from the store (after the OCR stage added text to messages already indexed). */
  adopt(rebuilt: KeywordIndex): void {
    for (const field of FIELDS) if (this.frozen[field] !== rebuilt.frozen[field]) this.frozen[field].close();
    this.frozen = rebuilt.frozen;
    this.live = rebuilt.live;
    this.liveDocuments = rebuilt.liveDocuments;
    this.documents = rebuilt.documents;
  }

  /**
   * Writes new files beside the saved ones, then names them in the manifest (replaced by a rename, so a reader finds
   * the old save or the new one whole), then reads the bytes from the new files and removes the old ones. Files are
   * never replaced while open: Windows refuses to remove a file another process has open, and a reader process
   * keeps reading the files it opened until it opens the store again. An old file that cannot be removed yet is
   * removed by a later save.
   */
  async save(folder: string, order: string): Promise<void> {
    await this.foldInTurns();
    const saving = { ...this.frozen };
    await rm(`${folder}.saving`, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const generation = nodeCrypto().randomBytes(6).toString('hex');
    const fields = {} as Record<KeywordField, PostingsFileInfo>;
    for (const field of FIELDS) {
      const name = `${field}-${generation}.postings`;
      fields[field] = await writePostingsFile(join(folder, name), name, saving[field]);
    }
    const reopened = await Promise.all(FIELDS.map((field) => openPostingsBytes(join(folder, fields[field].file), fields[field])));
    const languages = this.languages().map((language) => language.name);
    const meta: SavedMeta = { version: KEYWORD_INDEX_VERSION, documents: this.documents, order, fields, languages };
    const temporary = join(folder, `${MANIFEST}.${generation}.tmp`);
    try {
      await writeFile(temporary, JSON.stringify(meta));
      await rename(temporary, join(folder, MANIFEST));
    } catch (error) {
      for (const bytes of reopened) bytes.close();
      throw error;
    }
    FIELDS.forEach((field, index) => saving[field].moveTo(reopened[index]!));
    this.isOldFormat = false;
    this.lacksWordTables = false;
    const kept = new Set([MANIFEST, ...FIELDS.flatMap((field) => [fields[field].file, fields[field].wordTable?.file ?? ''])]);
    for (const name of await readdir(folder)) {
      if (!kept.has(name)) await unlink(join(folder, name)).catch(() => undefined);
    }
  }

  /** Loads a saved index if it has this version and numbers the same messages in the same order; null means "rebuild it". */
  static async load(folder: string, expectedDocuments: number, order: string): Promise<KeywordIndex | null> {
    // A save in another process may replace the files between reading the manifest and opening them: read it again.
    for (let attempt = 1; ; attempt += 1) {
      let meta: SavedMeta;
      try {
        meta = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as SavedMeta;
      } catch {
        return null;
      }
      const isOld = READABLE_OLD_VERSIONS.includes(meta.version);
      if ((meta.version !== KEYWORD_INDEX_VERSION && !isOld) || meta.documents !== expectedDocuments || meta.order !== order) return null;
      const index = new KeywordIndex();
      try {
        for (const field of FIELDS) {
          const info = meta.fields[field];
          if (meta.version === FIELD_NAMED_VERSION)
            index.frozen[field] = await readPostingsFileV5(join(folder, fieldNamedFile(field)), info);
          else if (!FIELD_FILE.test(String(info.file))) throw new Error(`keyword index: ${join(folder, MANIFEST)} names no ${field} file`);
          else index.frozen[field] = await openPostingsFile(join(folder, info.file), info);
        }
      } catch (error) {
        index.close();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 3) continue;
        console.warn(`keyword index: rebuilding it from the messages: ${errorMessage(error)}`);
        return null;
      }
      index.documents = meta.documents;
      index.startLanguagesFrom(meta.languages);
      index.isOldFormat = isOld;
      index.lacksWordTables = FIELDS.some((field) => meta.fields[field].wordTable === undefined);
      return index;
    }
  }
}
