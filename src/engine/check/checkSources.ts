// `lantern check`: sources.json parses; with --repair a damaged one is rewritten from the sources the messages table names.
import { readFile, rename, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { SourceKind, SourceRecord } from '../../shared/model/importing';
import { SourceRegistry } from '../store/sourceRegistry';
import type { StoredMessages } from './checkTables';
import { makePart, settle, type CheckPart } from './checkReport';

const FILE = 'sources.json';

/** What a source was, from its name: the table keeps the file, not what the importer detected. */
function kindOf(path: string, isFolder: boolean): SourceKind {
  if (isFolder) return 'folder';
  const name = path.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz') || name.endsWith('.tar')) return 'tar';
  const kinds: Record<string, SourceKind> = { '.zip': 'zip', '.pst': 'pst', '.ost': 'pst', '.eml': 'eml', '.msg': 'msg' };
  return kinds[extname(name)] ?? 'mbox';
}

async function recordsFrom(stored: StoredMessages): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  for (const [id, source] of stored.bySource) {
    const info = await stat(source.file).catch(() => null);
    records.push({
      id,
      path: source.file,
      kind: kindOf(source.file, info?.isDirectory() ?? false),
      size: info?.size ?? 0,
      importedAt: new Date().toISOString(),
      messages: source.messages,
    });
  }
  return records;
}

/** Returns the registry to mark lost imports in (null when it could not be read and was not rewritten). */
export async function checkSources(
  dataDir: string,
  stored: StoredMessages | null,
  repair: boolean,
): Promise<{ part: CheckPart; sources: SourceRegistry | null }> {
  const part = makePart('sources');
  const path = join(dataDir, FILE);
  let problem: string | null = null;
  try {
    const saved = JSON.parse(await readFile(path, 'utf8')) as { version?: unknown; sources?: unknown };
    if (!Array.isArray(saved.sources)) problem = `${path} holds no list of sources`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problem = `${path} cannot be read (${(error as Error).message})`;
    else if ((stored?.bySource.size ?? 0) > 0) problem = `${path} is missing though the store holds messages`;
  }
  if (!problem) {
    const sources = await SourceRegistry.open(dataDir);
    part.checked.push(`${sources.list().length} sources registered`);
    return { part: settle(part), sources };
  }
  if (!repair || !stored) {
    part.problems.push(`${problem}; run \`lantern check --repair\` to rewrite it from the messages table`);
    return { part: settle(part), sources: null };
  }
  // The damaged file is kept beside the new one, never overwritten.
  await rename(path, `${path}.damaged-${Date.now()}`).catch(() => undefined);
  const sources = await SourceRegistry.rewrite(dataDir, await recordsFrom(stored));
  part.repaired.push(
    `${problem}: rewritten from the messages table (${sources.list().length} sources; the old file is kept beside it as ${FILE}.damaged-*)`,
  );
  return { part: settle(part), sources };
}
