// `lantern check`: the catalog snapshot's file against its checksums; a damaged one is removed, to be saved again.
import { rm } from 'node:fs/promises';
import { catalogSnapshotFolder } from '../index/catalogSnapshot';
import { CATALOG_SNAPSHOT_VERSION, readCatalogManifest, readWholeCatalogSnapshot } from '../index/catalogSnapshotFile';
import { errorMessage } from '../../shared/errorMessage';
import { makePart, settle, type CheckPart } from './checkReport';

/**
 * Reads the snapshot whole as its manifest describes it, every piece checked (an engine checks those read in place only
 * when it reads them). One of another format or of an older table state is not damage
 * (engines read the table instead, and the writer saves it again). `needsRebuild` tells the caller to open the writer once.
 */
export async function checkCatalogSnapshot(
  dataDir: string,
  messages: number | null,
  repair: boolean,
): Promise<{ part: CheckPart; needsRebuild: boolean }> {
  const part = makePart('catalog snapshot');
  const folder = catalogSnapshotFolder(dataDir);
  let problem: string;
  try {
    const manifest = await readCatalogManifest(folder);
    if (!manifest) {
      part.checked.push('no catalog snapshot (the writer saves one when it next opens or imports)');
      return { part: settle(part), needsRebuild: repair && (messages ?? 0) > 0 };
    }
    if (manifest.version !== CATALOG_SNAPSHOT_VERSION) {
      part.checked.push(
        `catalog snapshot of format ${manifest.version} (this Lantern saves format ${CATALOG_SNAPSHOT_VERSION} at the next open)`,
      );
      return { part: settle(part), needsRebuild: repair };
    }
    await readWholeCatalogSnapshot(folder, manifest);
    part.checked.push(`catalog snapshot: ${manifest.rows} messages, its file matches its checksum`);
    if (messages !== null && manifest.rows !== messages)
      part.checked.push(
        `it holds ${manifest.rows} messages, the table ${messages}: engines read the table until the writer saves it again`,
      );
    return { part: settle(part), needsRebuild: false };
  } catch (error) {
    problem = `the catalog snapshot in ${folder} cannot be read: ${errorMessage(error)}`;
  }
  if (!repair) {
    part.problems.push(`${problem}; run \`lantern check --repair\` to save it again (engines read the messages table meanwhile)`);
    return { part: settle(part), needsRebuild: false };
  }
  // Derived from the messages table alone, so removing it loses nothing: the writer opened next saves it again.
  await rm(folder, { recursive: true, force: true });
  part.repaired.push(`${problem}: removed and saved again from the messages table`);
  return { part: settle(part), needsRebuild: true };
}
