// The FlexSearch keyword index over message ordinals, persisted with a schema version and rebuilt when it disagrees.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import FlexSearch from 'flexsearch';

const { Index } = FlexSearch;

/** Bumped when tokenisation, fields or the file layout change; an index saved with another version is rebuilt. */
export const KEYWORD_INDEX_VERSION = 4;

/** Names the saved files' version and order; field files are named after their field. */
const MANIFEST = 'manifest.json';

/**
 * A field's file holds parts in FlexSearch's export format one per line, "key<TAB>data" (the data is JSON, so it has
 * no raw tab or newline). Parts are written and imported one at a time: at 100k messages, reading one 100 MB JSON object
 * and parsing each part out of it again raised the engine's peak memory by about 700 MB while it opened.
 */
const fieldFile = (field: KeywordField): string => `${field}.parts`;

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

type FlexIndex = InstanceType<typeof Index>;

/**
 * What FlexSearch's own export reads: the registered ids and, per word, its postings by rank slot. Its export cuts
 * parts by word count, so at a million messages one part of common words passed V8's 512 MB string limit and
 * JSON.stringify ended the process; parts are cut here by postings instead, and read back by FlexSearch's import.
 */
interface FlexInternals {
  reg: Set<number> | Map<number, unknown>;
  map: Map<string, (number[] | null | undefined)[]>;
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

function* exportParts(index: FlexIndex): Generator<string> {
  const internals = index as unknown as FlexInternals;
  if (!(internals.map instanceof Map) || !(internals.reg instanceof Set || internals.reg instanceof Map)) {
    throw new Error('keyword index: this FlexSearch version keeps its postings in another shape, so the index cannot be saved');
  }
  let part = 0;
  for (const ids of runsOf(internals.reg.keys(), () => 1)) yield `${(part += 1)}.reg\t${JSON.stringify(ids)}`;
  const postingsOf = ([, slots]: [string, (number[] | null | undefined)[]]): number => slots.reduce((sum, slot) => sum + (slot?.length ?? 0), 0);
  for (const entries of runsOf(internals.map, postingsOf)) yield `${(part += 1)}.map\t${JSON.stringify(entries)}`;
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
}

/** A message's indexed words, space-separated: folded, each once. */
export interface KeywordDocument {
  /** Words of the body text and attachment text. */
  content: string;
  /** Words of the subject, people and attachment names. */
  meta: string;
}

export class KeywordIndex {
  private indexes: Record<KeywordField, FlexIndex> = { content: createIndex(), meta: createIndex() };
  documents = 0;

  add(ordinal: number, document: KeywordDocument): void {
    this.indexes.content.add(ordinal, document.content);
    this.indexes.meta.add(ordinal, document.meta);
    this.documents = Math.max(this.documents, ordinal + 1);
  }

  /**
   * The ordinals containing the word (folded, as `words` gives it), best first, in FlexSearch's rank slots: read in
   * place, because asking FlexSearch to search copies every posting of a common word into a new array (a third of a
   * word query's time at 100k messages).
   */
  postings(field: KeywordField, word: string): readonly (readonly number[] | null | undefined)[] {
    return (this.indexes[field] as unknown as FlexInternals).map.get(word) ?? [];
  }

  /** How many messages contain the word in the field. */
  frequency(field: KeywordField, word: string): number {
    return this.postings(field, word).reduce((sum, slot) => sum + (slot?.length ?? 0), 0);
  }

  async save(folder: string, order: string): Promise<void> {
    const staging = `${folder}.saving`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    for (const field of FIELDS) {
      const output = createWriteStream(join(staging, fieldFile(field)));
      const written = once(output, 'close');
      for (const line of exportParts(this.indexes[field])) {
        if (!output.write(`${line}\n`)) await once(output, 'drain');
      }
      output.end();
      await written;
    }
    const meta: SavedMeta = { version: KEYWORD_INDEX_VERSION, documents: this.documents, order };
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
        const lines = createInterface({ input: createReadStream(join(folder, fieldFile(field))), crlfDelay: Infinity });
        for await (const line of lines) {
          const tab = line.indexOf('\t');
          if (tab < 0) return null;
          index.indexes[field].import(line.slice(0, tab), line.slice(tab + 1));
        }
      }
      index.documents = meta.documents;
      return index;
    } catch {
      return null;
    }
  }
}
