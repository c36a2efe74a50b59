// The evaluation's store: a slice of the usrp-users archive (N messages after the first S), imported once into
// .eval-cache/answers and reused while the archive and slice are the same (keyword retrieval only, so no embedding).
import { writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eachMessage } from '../../bench/corpus';
import { openEngine } from '../../src/engine/api/engine';
import { upgradeKeywordIndex } from '../sliceStore';

interface BuiltMarker {
  corpusBytes: number;
  corpusModified: number;
  messages: number;
  skip?: number;
  imported: number;
  failed: number;
}

async function readMarker(file: string): Promise<BuiltMarker | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuiltMarker;
  } catch {
    return null;
  }
}

/** Writes the slice as mbox bytes: messages are read as latin1, so writing latin1 gives back the original bytes. */
async function writeSlice(corpus: string, skip: number, messages: number, target: string): Promise<number> {
  const parts: string[] = [];
  let seen = 0;
  await eachMessage(corpus, (message) => {
    seen += 1;
    if (seen > skip && parts.length < messages) parts.push(message.endsWith('\n') ? message : `${message}\n`);
  });
  writeFileSync(target, parts.join('\n'), 'latin1');
  return parts.length;
}

/** The store's data folder, built first when missing or made from another archive or slice size. */
export async function ensureStore(options: {
  corpus: string;
  /** Messages at the start of the archive left out: the held-out set reads mail the tuning set never saw. */
  skip: number;
  messages: number;
  cacheDir: string;
  rebuild: boolean;
}): Promise<string> {
  const { corpus, skip, messages, cacheDir } = options;
  let corpusStat;
  try {
    corpusStat = await stat(corpus);
  } catch {
    throw new Error(`answers eval: the usrp-users archive is missing at ${corpus}; the shared folder must sit beside the project`);
  }
  const dataDir = join(cacheDir, 'store');
  const markerFile = join(cacheDir, 'built.json');
  const marker = await readMarker(markerFile);
  const isCurrent =
    marker !== null &&
    marker.corpusBytes === corpusStat.size &&
    marker.corpusModified === corpusStat.mtimeMs &&
    marker.messages === messages &&
    (marker.skip ?? 0) === skip;
  if (isCurrent && !options.rebuild) {
    await upgradeKeywordIndex(dataDir, (line) => console.error(`answers eval: ${line}`));
    return dataDir;
  }
  await rm(cacheDir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  const slice = join(cacheDir, 'slice.mbox');
  const written = await writeSlice(corpus, skip, messages, slice);
  console.error(`answers eval: importing ${written} usrp-users messages after the first ${skip} into ${dataDir}`);
  const started = performance.now();
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    const report = await engine.importPaths([slice], 'answers-eval');
    console.error(
      `answers eval: imported ${report.imported} messages (${report.duplicates} duplicates, ${report.failed} failed) in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    const built: BuiltMarker = {
      corpusBytes: corpusStat.size,
      corpusModified: corpusStat.mtimeMs,
      messages,
      skip,
      imported: report.imported,
      failed: report.failed,
    };
    await engine.close();
    await writeFile(markerFile, JSON.stringify(built, null, 2));
  } catch (error) {
    await engine.close();
    throw error;
  }
  return dataDir;
}
