// The list of imported sources (collections), saved as versioned JSON in the data folder.
import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { SourceKind, SourceRecord } from '../shared/model/importing';

const SOURCES_VERSION = 1;
const FILE = 'sources.json';

interface SavedSources {
  version: number;
  sources: SourceRecord[];
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
  return `${slug || 'source'}-${createHash('sha256').update(absolute).digest('hex').slice(0, 6)}`;
}

export class SourceRegistry {
  private constructor(
    private readonly dataDir: string,
    private readonly records: Map<string, SourceRecord>,
  ) {}

  static async open(dataDir: string): Promise<SourceRegistry> {
    const records = new Map<string, SourceRecord>();
    try {
      const saved = JSON.parse(await readFile(join(dataDir, FILE), 'utf8')) as SavedSources;
      if (saved.version === SOURCES_VERSION) for (const source of saved.sources) records.set(source.id, source);
    } catch {
      // No sources yet, or an unreadable file: sources are re-registered by the next import of each file.
    }
    return new SourceRegistry(dataDir, records);
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
    await this.save();
    return record;
  }

  private async save(): Promise<void> {
    const saved: SavedSources = { version: SOURCES_VERSION, sources: this.list() };
    const target = join(this.dataDir, FILE);
    await writeFile(`${target}.tmp`, JSON.stringify(saved, null, 2));
    await rename(`${target}.tmp`, target);
  }
}
