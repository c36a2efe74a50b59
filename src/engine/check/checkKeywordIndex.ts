// `lantern check`: the saved keyword index's files against their checksums (the tables' and every 64 KB block's); a
// damaged index is removed, to be rebuilt.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { KEYWORD_INDEX_VERSION, KeywordIndex, READABLE_OLD_VERSIONS } from '../index/keywordIndex';
import { KEYWORD_FOLDER } from '../index/loadIndexes';
import { makePart, settle, type CheckPart } from './checkReport';

/** The file naming the saved index's version, documents, order and per-file checksums (see KeywordIndex.save). */
const KEYWORD_MANIFEST = 'manifest.json';

interface SavedKeywordMeta {
  version: number;
  documents: number;
  order: string;
}

/**
 * Loads the saved index as its own manifest describes it: KeywordIndex.load then fails only on a file that is not what
 * was saved (size or checksum). An index of another version or message count is not damage: the engine rebuilds it.
 * `needsRebuild` tells the caller to open the engine once so it is built again.
 */
export async function checkKeywordIndex(
  dataDir: string,
  messages: number | null,
  repair: boolean,
): Promise<{ part: CheckPart; needsRebuild: boolean }> {
  const part = makePart('keyword index');
  const folder = join(dataDir, KEYWORD_FOLDER);
  let meta: SavedKeywordMeta | null = null;
  let problem: string | null = null;
  // A damaged block is found by an engine only when a search reads it (opening checks the tables alone).
  let whoElseRebuilds = 'the next open also does';
  try {
    meta = JSON.parse(await readFile(join(folder, KEYWORD_MANIFEST), 'utf8')) as SavedKeywordMeta;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      part.checked.push('no saved keyword index (built at the next open)');
      return { part: settle(part), needsRebuild: repair && (messages ?? 0) > 0 };
    }
    problem = `${join(folder, KEYWORD_MANIFEST)} cannot be read (${(error as Error).message})`;
  }
  if (meta && READABLE_OLD_VERSIONS.includes(meta.version)) {
    part.checked.push(
      `saved keyword index of format ${meta.version} (searched as it is; rebuilt as format ${KEYWORD_INDEX_VERSION} at the next open that may write)`,
    );
  } else if (meta && meta.version !== KEYWORD_INDEX_VERSION) {
    part.checked.push(
      `saved keyword index of format ${meta.version} (this Lantern rebuilds it as format ${KEYWORD_INDEX_VERSION} at the next open)`,
    );
    return { part: settle(part), needsRebuild: repair };
  }
  if (meta && !problem) {
    const loaded = await KeywordIndex.load(folder, meta.documents, meta.order);
    const damage = loaded?.damage() ?? [];
    loaded?.close();
    if (!loaded) problem = `the keyword index's files in ${folder} do not match their saved sizes and checksums`;
    else if (damage.length > 0) {
      problem = damage.join('; ');
      whoElseRebuilds = 'an engine also does when a search reads a damaged block';
    } else part.checked.push(`keyword index: ${meta.documents} messages, files match their checksums`);
    if (loaded && messages !== null && meta.documents !== messages)
      part.checked.push(`it numbers ${meta.documents} messages, the table holds ${messages}: the next open rebuilds it`);
  }
  if (!problem) return { part: settle(part), needsRebuild: false };
  if (!repair) {
    part.problems.push(`${problem}; run \`lantern check --repair\` to rebuild it (${whoElseRebuilds})`);
    return { part: settle(part), needsRebuild: false };
  }
  // Derived from the messages table alone, so removing it loses nothing: the engine opened next builds it again.
  await rm(folder, { recursive: true, force: true });
  part.repaired.push(`${problem}: removed and rebuilt from the messages table`);
  return { part: settle(part), needsRebuild: true };
}
