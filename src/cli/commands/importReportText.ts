// The human text of an import report: the counts, the problems, and the files left out of dropped folders.
import type { ImportReport } from '../../shared/model/importing';
import { forTerminalLine } from '../terminalText';

/** Problems and left-out files shown one a line; --json has them all. */
const SHOWN = 20;

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

export function importReportText(report: ImportReport): string {
  const counts = [
    `${report.alreadyImported.toLocaleString('en-US')} already in the store`,
    `${plural(report.duplicates, 'duplicate')} within the input`,
    `${report.failed.toLocaleString('en-US')} failed`,
  ];
  const lines = [
    `Imported ${plural(report.imported, 'message')} (${counts.join(', ')}) in ${(report.elapsedMs / 1000).toFixed(1)} s; ${report.messages.toLocaleString('en-US')} in the store.`,
  ];
  for (const error of report.errors.slice(0, SHOWN))
    lines.push(forTerminalLine(`  ${error.source}${error.position ? ` (${error.position})` : ''}: ${error.reason}`));
  if (report.errors.length > SHOWN) lines.push(`  … and ${report.errors.length - SHOWN} more (see --json)`);
  const notMail = report.skippedFiles - report.hiddenFiles;
  if (notMail > 0) {
    lines.push(`Left out ${plural(notMail, 'file')} that hold${notMail === 1 ? 's' : ''} no mail:`);
    for (const file of report.skipped.slice(0, SHOWN)) lines.push(forTerminalLine(`  ${file.path}: ${file.reason}`));
    if (notMail > SHOWN) lines.push(`  … and ${notMail - SHOWN} more (see --json)`);
  }
  if (report.hiddenFiles > 0)
    lines.push(`Left out ${plural(report.hiddenFiles, 'hidden or system file')} (.DS_Store, Thumbs.db, desktop.ini and the like).`);
  return lines.join('\n');
}
