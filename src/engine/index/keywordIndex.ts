// The FlexSearch keyword index over message ordinals, persisted with a schema version and rebuilt when it disagrees.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import FlexSearch from 'flexsearch';

const { Index } = FlexSearch;

/** Bumped when tokenisation or fields change; an index saved with another version is rebuilt. */
export const KEYWORD_INDEX_VERSION = 3;

/** Names the saved files' version and order; field files are named after their field. */
const MANIFEST = 'manifest.json';

export type KeywordField = 'content' | 'meta';
const FIELDS: readonly KeywordField[] = ['content', 'meta'];

type FlexIndex = InstanceType<typeof Index>;

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

  /** Ordinals containing the word (folded, as `words` gives it), best first; `limit` defaults to all of them. */
  lookup(field: KeywordField, word: string, limit = this.documents): number[] {
    if (limit <= 0) return [];
    return this.indexes[field].search(word, { limit }) as number[];
  }

  async save(folder: string, order: string): Promise<void> {
    const staging = `${folder}.saving`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    for (const field of FIELDS) {
      const parts: Record<string, string> = {};
      await this.indexes[field].export((key, data) => {
        parts[key] = data;
      });
      await writeFile(join(staging, `${field}.json`), JSON.stringify(parts));
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
        if (!files.includes(`${field}.json`)) return null;
        const parts = JSON.parse(await readFile(join(folder, `${field}.json`), 'utf8')) as Record<string, string>;
        for (const [key, data] of Object.entries(parts)) index.indexes[field].import(key, data);
      }
      index.documents = meta.documents;
      return index;
    } catch {
      return null;
    }
  }
}
