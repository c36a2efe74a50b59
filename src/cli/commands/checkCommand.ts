// `lantern check [--repair]`: verifies the data folder's tables, indexes, attachments and registry; exit 1 while problems remain.
import { runCheck } from '../../engine/check/runCheck';
import type { CheckReport } from '../../engine/check/checkReport';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';

/** Opening the writer once builds the keyword index again from the messages table, and saves it. */
async function rebuildIndexes(dataDir: string): Promise<void> {
  const engine = await openCliEngine(dataDir);
  await engine.close();
}

function printReport(report: CheckReport): void {
  const lines: string[] = [];
  for (const part of report.parts) {
    lines.push(`${part.ok ? 'ok     ' : 'PROBLEM'} ${part.name}`);
    for (const checked of part.checked) lines.push(`          ${checked}`);
    for (const repaired of part.repaired) lines.push(`  repaired: ${repaired}`);
    for (const problem of part.problems) lines.push(`  problem:  ${problem}`);
  }
  const problems = report.parts.reduce((sum, part) => sum + part.problems.length, 0);
  const repaired = report.parts.reduce((sum, part) => sum + part.repaired.length, 0);
  if (report.ok)
    lines.push(
      repaired > 0
        ? `Repaired ${repaired} problem${repaired === 1 ? '' : 's'}; the store in ${report.dataDir} is whole.`
        : `The store in ${report.dataDir} is whole.`,
    );
  else
    lines.push(
      `${problems} problem${problems === 1 ? '' : 's'} remain${problems === 1 ? 's' : ''}${report.repair ? '' : '; run lantern check --repair to repair what can be repaired'}.`,
    );
  printText(lines.join('\n'));
}

export async function runCheckCommand(repair: boolean, dataDir: string, json: boolean): Promise<number> {
  const report = await runCheck({ dataDir, repair, rebuildIndexes });
  if (json) printJson(report);
  else printReport(report);
  return report.ok ? 0 : 1;
}
