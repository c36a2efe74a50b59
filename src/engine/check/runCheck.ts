// `lantern check [--repair]`: verifies each part of a data folder and, asked to, repairs what can be repaired.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { acquireWriterLock } from '../store/writerLock';
import type { HealingPlace } from '../store/tableHealth';
import { checkAttachments } from './checkAttachments';
import { checkCatalogSnapshot } from './checkCatalogSnapshot';
import { checkKeywordIndex } from './checkKeywordIndex';
import type { CheckReport } from './checkReport';
import { checkSources } from './checkSources';
import { checkMessagesTable, checkVectorTable } from './checkTables';

export interface CheckOptions {
  dataDir: string;
  repair: boolean;
  /** LANTERN_TABLES or <dataDir>/lancedb, as the engine resolves it. */
  tablesLocation?: string;
  /** Opens the writer once after repairs, so the keyword index is built again (the CLI passes its engine opener). */
  rebuildIndexes: (dataDir: string) => Promise<void>;
}

/**
 * Reads every table row, the keyword index's and catalog snapshot's files, every attachment copy, sources.json and the vector metadata. With
 * `repair` it holds the writer lock (the app or an import must not write meanwhile), heals tables, removes a damaged
 * keyword index or catalog snapshot and saves it again, moves damaged attachment copies aside and rewrites a damaged sources.json.
 */
export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const dataDir = resolve(options.dataDir);
  if (!existsSync(dataDir)) throw new LanternError('not-found', `check: ${dataDir} does not exist; give the data folder with --data-dir`);
  const tablesLocation = options.tablesLocation ?? (process.env.LANTERN_TABLES || join(dataDir, 'lancedb'));
  const place: HealingPlace = { dataDir, canWrite: options.repair };
  const release = options.repair ? await acquireWriterLock(dataDir) : null;
  const parts = [];
  let needsRebuild: boolean;
  try {
    // The registry first, to mark the imports a healed table lost; a damaged one is rewritten from the table's rows.
    const readable = await checkSources(dataDir, null, false);
    const tables = await checkMessagesTable(tablesLocation, place, readable.sources);
    const sources = readable.part.ok ? readable : await checkSources(dataDir, tables.stored, options.repair);
    const keywords = await checkKeywordIndex(dataDir, tables.stored?.rows ?? null, options.repair);
    const snapshot = await checkCatalogSnapshot(dataDir, tables.stored?.rows ?? null, options.repair);
    needsRebuild = keywords.needsRebuild || snapshot.needsRebuild || tables.part.repaired.length > 0;
    parts.push(tables.part, sources.part, keywords.part, snapshot.part);
    parts.push(await checkAttachments(dataDir, tables.stored?.attachmentUsers ?? null, options.repair));
    parts.push(await checkVectorTable(dataDir, tablesLocation, place));
  } finally {
    await release?.();
  }
  if (needsRebuild) await options.rebuildIndexes(dataDir);
  return { ok: parts.every((part) => part.ok), dataDir, repair: options.repair, parts };
}
