// Words for an import report: errors named by the files people dropped, and whether anything was imported at all.
import type { ImportError, ImportReport } from '../../../../shared/model/importing';
import { baseName } from '../../ui/format';

/** In browser mode sources are uploaded copies with server-made paths; people know them by the names they dropped. */
export function displaySource(source: string, fileNames: readonly string[]): string {
  const name = baseName(source);
  return fileNames.find((fileName) => name === fileName || name.endsWith(`-${fileName}`)) ?? name;
}

export function describeError(error: ImportError, fileNames: readonly string[]): { where: string; reason: string } {
  const where = displaySource(error.source, fileNames);
  return { where, reason: error.source ? error.reason.split(error.source).join(where) : error.reason };
}

export function isNothingImported(report: ImportReport): boolean {
  return report.imported === 0 && report.duplicates === 0 && report.errors.length > 0;
}
