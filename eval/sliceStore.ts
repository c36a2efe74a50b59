// Builds (once) and reuses an imported, embedded store per slice under .eval-cache/, keyed by the slice's bytes.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openEngine } from '../src/engine/api/engine';
import { KEYWORD_INDEX_VERSION } from '../src/engine/index/keywordIndex';
import { KEYWORD_FOLDER } from '../src/engine/index/loadIndexes';
import { readSlice, type Slice } from './slices';

const READY_FILE = 'ready.json';

export interface SliceStore {
  dataDir: string;
  /** The slice as an mbox file, for reading and grepping while labelling queries. */
  mboxFile: string;
  messages: number;
  chunks: number;
  embedderId: string;
}

export interface SliceStoreOptions {
  cacheRoot: string;
  corporaDir: string;
  /** Throw the cached store away and build it again. */
  rebuild?: boolean;
  log: (line: string) => void;
}

export async function ensureSliceStore(slice: Slice, options: SliceStoreOptions): Promise<SliceStore> {
  const { mbox, fingerprint } = await readSlice(slice, options.corporaDir);
  const folder = join(options.cacheRoot, `${slice.name}-${fingerprint}`);
  const readyFile = join(folder, READY_FILE);
  // Found from the folder, not from the paths ready.json was written with: the cache is reached through other paths
  // (a worktree's link to it), and a path that no longer existed opened an empty store there.
  const mboxFile = join(folder, 'slice.mbox');
  const dataDir = join(folder, 'store');
  if (!options.rebuild && existsSync(readyFile)) {
    const ready = JSON.parse(await readFile(readyFile, 'utf8')) as Omit<SliceStore, 'dataDir' | 'mboxFile'>;
    await upgradeKeywordIndex(dataDir, options.log);
    return { ...ready, dataDir, mboxFile };
  }

  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await writeFile(mboxFile, mbox, 'latin1');
  const started = performance.now();
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    const imported = await engine.importPaths([mboxFile], `eval-${slice.name}`);
    options.log(
      `${slice.name}: imported ${imported.imported} of ${slice.count} messages (${imported.failed} failed) in ${Math.round(performance.now() - started)} ms`,
    );
    let lastShown = 0;
    const unsubscribe = engine.subscribe((event) => {
      if (event.type !== 'embedding-progress' || event.done - lastShown < 100) return;
      lastShown = event.done;
      options.log(
        `${slice.name}: embedded ${event.done} of ${event.total} messages (${Math.round((performance.now() - started) / 1000)} s)`,
      );
    });
    const report = await engine.embed().finally(unsubscribe);
    options.log(`${slice.name}: ${report.chunks} chunks embedded by ${report.embedderId} in ${Math.round(report.elapsedMs / 1000)} s`);
    const counts = { messages: report.total, chunks: report.chunks, embedderId: report.embedderId };
    // Written last: a folder without it (an interrupted build) is rebuilt on the next run.
    await writeFile(readyFile, JSON.stringify(counts, null, 2));
    return { ...counts, dataDir, mboxFile };
  } finally {
    await engine.close();
  }
}

/**
 * The evals search their stores read-only, and a reader searches a keyword index of an older format as it is: opened
 * once to write, the engine rebuilds it as the current format, so the eval measures the current index.
 */
export async function upgradeKeywordIndex(dataDir: string, log: (line: string) => void): Promise<void> {
  const manifest = join(dataDir, KEYWORD_FOLDER, 'manifest.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8').catch(() => '{}')) as { version?: number };
  if (version === KEYWORD_INDEX_VERSION) return;
  log(`${dataDir}: rebuilding its keyword index of format ${version ?? 'none'} as format ${KEYWORD_INDEX_VERSION}`);
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  await engine.close();
}
