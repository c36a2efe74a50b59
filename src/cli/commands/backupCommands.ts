// `lantern backup|restore|export`: snapshots of the store and their checks, and a search's messages handed out as mbox or .eml.
import { LanternError } from '../../shared/contract/errors';
import { backupStore } from '../../engine/backup/backupStore';
import { restoreStore } from '../../engine/backup/restoreStore';
import { verifyBackup } from '../../engine/backup/verifyBackup';
import { exportMessages, type ExportFormat } from '../../engine/export/exportMessages';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { UsageError } from '../usage';

export async function runBackup(target: string | undefined, dataDir: string, json: boolean, verify = false): Promise<number> {
  if (verify) return runVerifyBackup(target, json);
  if (!target)
    throw new UsageError('lantern backup: give the folder to write the backup into, e.g. lantern backup ~/lantern-backup-2026-11');
  const report = await backupStore(dataDir, target);
  if (json) printJson({ target, ...report });
  else {
    if (report.removedLeftover) printText(`Removed ${report.removedLeftover}, left by a backup into the same folder that was interrupted.`);
    printText(
      `Backed up ${report.messages} messages (${report.tables.map((table) => `${table.name} ${table.rows} rows`).join(', ')}) to ${target}.`,
    );
  }
  return 0;
}

/** `lantern backup --verify DIR`: exit code 0 when the backup is whole, 1 when it is damaged. */
async function runVerifyBackup(backupDir: string | undefined, json: boolean): Promise<number> {
  if (!backupDir)
    throw new UsageError('lantern backup --verify: give the backup folder to check, e.g. lantern backup --verify ~/lantern-backup-2026-11');
  const verification = await verifyBackup(backupDir);
  const isWhole = verification.problems.length === 0;
  if (json) printJson({ ok: isWhole, ...verification });
  else {
    const lines = [
      `Checked ${verification.backupDir} (backup format ${verification.version}, ${verification.messages} messages, taken ${verification.createdAt}):`,
    ];
    for (const line of verification.checked) lines.push(`  ok  ${line}`);
    for (const problem of verification.problems) lines.push(`  BAD ${problem}`);
    lines.push(
      isWhole
        ? 'OK: the backup is whole; lantern restore can use it.'
        : `DAMAGED: ${verification.problems.length} problem(s); lantern restore will refuse this backup.`,
    );
    printText(lines.join('\n'));
  }
  return isWhole ? 0 : 1;
}

export async function runRestore(backupDir: string | undefined, dataDir: string, json: boolean): Promise<number> {
  if (!backupDir) throw new UsageError('lantern restore: give the backup folder, e.g. lantern restore ~/lantern-backup-2026-11');
  // A restore writes the tables into the data folder's lancedb/; with LANTERN_TABLES set, Lantern would go on reading the others.
  if (process.env.LANTERN_TABLES) {
    throw new LanternError(
      'bad-request',
      `restore: LANTERN_TABLES is set (${process.env.LANTERN_TABLES}), so a restored data folder's tables would not be used; unset it to restore, or restore those tables where they live`,
    );
  }
  const report = await restoreStore(backupDir, dataDir);
  // Opening once as the writer rebuilds and saves the keyword index, so the first search after a restore is fast.
  const engine = await openCliEngine(dataDir);
  const stats = await engine.getStats();
  await engine.close();
  if (json) printJson({ ...report, messages: stats.messages, dataDir });
  else {
    printText(`Checked the backup (${report.checked.length} checks passed) and restored ${stats.messages} messages into ${dataDir}.`);
    if (report.previous) printText(`The data folder it replaced was kept at ${report.previous}; delete it when you no longer need it.`);
  }
  return 0;
}

export interface ExportFlags {
  format?: string;
  out?: string;
}

export async function runExport(query: string | undefined, flags: ExportFlags, dataDir: string, json: boolean): Promise<number> {
  if (query === undefined)
    throw new UsageError('lantern export: give a query, e.g. lantern export "from:anna after:2024-01-01" --out anna.mbox');
  if (!flags.out) throw new UsageError('lantern export: give --out FILE.mbox (or --out FOLDER with --format eml)');
  const format = (flags.format ?? (flags.out.endsWith('.mbox') ? 'mbox' : undefined)) as ExportFormat | undefined;
  if (format !== 'mbox' && format !== 'eml')
    throw new UsageError(`lantern export: --format must be mbox or eml${flags.format ? `, not "${flags.format}"` : ''}`);
  const engine = await openCliEngine(dataDir, { access: 'read' });
  try {
    const report = await exportMessages(engine, { query, format, target: flags.out });
    if (json) printJson(report);
    else {
      const rebuilt =
        report.rebuilt > 0
          ? ` (${report.rebuilt} rebuilt from the store without attachments: their source is an archive, a PST or has moved)`
          : '';
      printText(`Exported ${report.exported} messages to ${report.target}${rebuilt}.`);
    }
    return 0;
  } finally {
    await engine.close();
  }
}
