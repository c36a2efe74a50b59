// The messages the OCR stage gave text that the keyword index and the vectors do not have yet, kept in the data folder
// so a stage stopped (or killed) between writing the text and rebuilding the index finishes the job at its next start.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const PENDING_FILE = 'ocr-pending.json';

export class OcrPending {
  constructor(private readonly dataDir: string) {}

  private get path(): string {
    return join(this.dataDir, PENDING_FILE);
  }

  /** The ids written and not yet indexed; none when the file is missing or unreadable (then nothing was pending). */
  async read(): Promise<string[]> {
    try {
      const parsed = JSON.parse(await readFile(this.path, 'utf8')) as unknown;
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  }

  /** Written before the store is changed: a crash after it leaves the ids to be indexed at the next start. */
  async add(ids: readonly string[]): Promise<void> {
    const all = [...new Set([...(await this.read()), ...ids])];
    await writeFile(`${this.path}.tmp`, JSON.stringify(all));
    await rename(`${this.path}.tmp`, this.path);
  }

  async clear(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
