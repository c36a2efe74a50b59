// `lantern import <path...>`: imports files and folders, prints the report.
import { access } from 'node:fs/promises';
import { constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { progressPrinter } from '../progress';
import { UsageError } from '../usage';
import { importReportText } from './importReportText';

export async function runImport(paths: string[], dataDir: string, json: boolean): Promise<number> {
  if (paths.length === 0) throw new UsageError('lantern import: give at least one file or folder to import');
  for (const path of paths) {
    try {
      await access(path, constants.R_OK);
    } catch {
      throw new UsageError(`lantern import: cannot read ${path}: no such file or no permission`);
    }
  }
  const engine = await openCliEngine(dataDir);
  const progress = progressPrinter();
  const showProgress = !json || process.stderr.isTTY;
  const unsubscribe = showProgress ? engine.subscribe(progress.onEvent) : () => {};
  const stop = (): void => void engine.cancelImport(importId);
  const importId = randomUUID();
  process.once('SIGINT', stop);
  try {
    // Named as typed, relative to where the command runs; the engine takes absolute paths only.
    const report = await engine.importPaths(
      paths.map((path) => resolve(path)),
      importId,
    );
    progress.finish();
    if (json) printJson(report);
    else printText(importReportText(report));
    return 0;
  } finally {
    process.off('SIGINT', stop);
    unsubscribe();
    await engine.close();
  }
}
