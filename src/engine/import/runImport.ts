// One import as the engine runs it: the import machinery loaded by the first import, parse workers for its length.
import type { ImportReport } from '../../shared/model/importing';
import { withImportHeap } from '../heapPolicy';
import type * as Importer from './importer';
import type * as ParsePool from './parsePool';

/** What an import reads and writes, less what each import makes for itself (its parser and its cancel signal). */
export type ImportRunContext = Omit<Importer.ImportContext, 'parser' | 'signal'> & {
  /** Built parse worker (see EngineOptions.parseWorkerScript). */
  parseWorkerScript?: string;
};

/**
 * The import machinery (the MIME parser, archive and attachment readers), loaded by the first import: its libraries
 * took memory in every engine that only searched (bench/measured-reasons.md).
 */
function loadImporting(): Promise<[typeof Importer, typeof ParsePool]> {
  return Promise.all([import('./importer'), import('./parsePool')]);
}

export function runImport(
  paths: string[],
  importId: string,
  signal: AbortSignal,
  context: ImportRunContext,
  saveIndexes: () => Promise<void>,
): Promise<ImportReport> {
  return withImportHeap(async () => {
    const [{ importPaths }, { createParser }] = await loadImporting();
    const { parseWorkerScript, ...importContext } = context;
    // Parse workers live as long as one import: each holds a MIME parser, idle in a store that is only searched.
    const parser = createParser(parseWorkerScript);
    try {
      return await importPaths(paths, importId, { ...importContext, parser, signal }, saveIndexes);
    } finally {
      await parser.close();
    }
  });
}
