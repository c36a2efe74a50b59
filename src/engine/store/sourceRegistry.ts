// The list of imported sources (collections), saved as versioned JSON in the data folder.
import { nodeCrypto } from '../nodeCrypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { SourceKind, SourceRecord } from '../../shared/model/importing';
import type { LostImport } from '../../shared/model/storeHealth';

const SOURCES_VERSION = 1;
const FILE = 'sources.json';

interface SavedSources {
  version: number;
  sources: SourceRecord[];
  /** Imports whose messages a damaged store lost, until their files are imported again (absent in older files). */
  incomplete?: LostImport[];
}

/** A readable, stable id: the file's name as a slug plus a short hash of its full path. */
export function sourceIdFor(path: string): string {
  const absolute = resolve(path);
  const slug = basename(absolute)
    .toLowerCase()
    .replace(/\.(gz|tgz|zip)$/, '')
    .replace(/\.(mbox|pst|ost|tar)$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${slug || 'source'}-${nodeCrypto().createHash('sha256').update(absolute).digest('hex').slice(0, 6)}`;
}

export class SourceRegistry {
  private constructor(
    private readonly dataDir: string,
    private readonly records: Map<string, SourceRecord>,
    private readonly lost: Map<string, LostImport>,
  ) {}

  static async open(dataDir: string): Promise<SourceRegistry> {
    const records = new Map<string, SourceRecord>();
    const lost = new Map<string, LostImport>();
    try {
      const saved = JSON.parse(await readFile(join(dataDir, FILE), 'utf8')) as SavedSources;
      if (saved.version === SOURCES_VERSION) {
        for (const source of saved.sources) records.set(source.id, source);
        for (const incomplete of saved.incomplete ?? []) lost.set(incomplete.sourceId, incomplete);
      }
    } catch {
      // No sources yet, or an unreadable file: sources are re-registered by the next import of each file.
    }
    return new SourceRegistry(dataDir, records, lost);
  }

  /** A registry of these records, written over whatever sources.json holds (`lantern check --repair`). */
  static async rewrite(dataDir: string, records: readonly SourceRecord[]): Promise<SourceRegistry> {
    const registry = new SourceRegistry(dataDir, new Map(records.map((record) => [record.id, record])), new Map());
    await registry.save();
    return registry;
  }

  list(): SourceRecord[] {
    return [...this.records.values()];
  }

  get(id: string): SourceRecord | undefined {
    return this.records.get(id);
  }

  async record(path: string, kind: SourceKind, size: number, messages: number): Promise<SourceRecord> {
    const id = sourceIdFor(path);
    const record: SourceRecord = { id, path: resolve(path), kind, size, importedAt: new Date().toISOString(), messages };
    this.records.set(id, record);
    // Complete again once an import has read at least as many messages from the file as the one that was lost.
    if ((this.lost.get(id)?.messages ?? Infinity) <= messages) this.lost.delete(id);
    await this.save();
    return record;
  }

  /** Imports whose messages a damaged store lost: the next import of each file brings them back. */
  incomplete(): LostImport[] {
    return [...this.lost.values()];
  }

  /** Marks imports as no longer complete (kept across sessions until each file is imported again). */
  async markIncomplete(imports: readonly LostImport[]): Promise<void> {
    if (imports.length === 0) return;
    for (const lost of imports) this.lost.set(lost.sourceId, lost);
    await this.save();
  }

  private async save(): Promise<void> {
    const saved: SavedSources = {
      version: SOURCES_VERSION,
      sources: this.list(),
      ...(this.lost.size > 0 ? { incomplete: this.incomplete() } : {}),
    };
    const target = join(this.dataDir, FILE);
    await writeFile(`${target}.tmp`, JSON.stringify(saved, null, 2));
    await rename(`${target}.tmp`, target);
  }
}
