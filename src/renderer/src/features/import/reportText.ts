// Words for an import report: errors named by the files people dropped, whether anything was imported at all, and the
// files of dropped folders that were left out.
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
  return report.imported === 0 && report.duplicates === 0 && report.alreadyImported === 0 && report.errors.length > 0;
}

/** "3 files left out: no mail in them; 2 hidden or system files", or null when a folder's every file was mail. */
export function leftOutSummary(report: ImportReport): string | null {
  if (report.skippedFiles === 0) return null;
  const notMail = report.skippedFiles - report.hiddenFiles;
  const parts = [
    ...(notMail > 0 ? [`${notMail} file${notMail === 1 ? '' : 's'} left out: no mail in ${notMail === 1 ? 'it' : 'them'}`] : []),
    ...(report.hiddenFiles > 0 ? [`${report.hiddenFiles} hidden or system file${report.hiddenFiles === 1 ? '' : 's'} left out`] : []),
  ];
  return parts.join('; ');
}
