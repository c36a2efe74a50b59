// `npm run bench -- --import-only`: the import table alone (Lantern beside mu and notmuch on the io-uring archive, its
// 100k copy and short mail in many folders), written to bench/results-import.md: a check of import speed after a
// change to the importer, without the queries, vectors and searches while busy of a whole run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMaildir, writeScaledMbox } from './corpus';
import { round } from './measure';
import { ensurePeers, runMu, runNotmuch, type PeerResult } from './peers';
import { shortMailLine, shortMailNote, type ShortMailRun } from './shortMailReport';

export interface ImportOnlyOptions {
  repoRoot: string;
  ioUring: string;
  usrpUsers: string;
  parseWorker: string;
  runDriver: (name: string, driverArgs: string[]) => Record<string, unknown>;
}

function ratio(ours: number, theirs: number | undefined): string {
  return theirs ? `${round(ours / theirs, 2)}×` : '–';
}

/** Runs the imports and peers, writes bench/results-import.md and returns its text. */
export async function runImportOnly({ repoRoot, ioUring, usrpUsers, parseWorker, runDriver }: ImportOnlyOptions): Promise<string> {
  ensurePeers();
  const work = await mkdtemp(join(tmpdir(), 'lantern-bench-import-'));
  const rows: string[] = [];
  let shortMail: ShortMailRun;
  try {
    shortMail = runDriver('lanternShortMail', [join(repoRoot, 'bin', 'lantern.mjs'), work, ioUring, usrpUsers]) as unknown as ShortMailRun;
    console.error(`short mail: ${JSON.stringify(shortMail)}`);
    for (const size of [
      { label: 'io-uring (33k)', messages: null },
      { label: '100k', messages: 100_000 },
    ]) {
      const source = size.messages === null ? ioUring : join(work, `scaled-${size.messages}.mbox`);
      if (size.messages !== null) await writeScaledMbox(ioUring, size.messages, source);
      const dataDir = join(work, 'store');
      const ours = runDriver('lanternImport', [dataDir, source, parseWorker]) as Record<string, number>;
      console.error(`lantern import (${size.label}): ${JSON.stringify(ours)}`);
      await rm(dataDir, { recursive: true, force: true });
      const maildir = join(work, 'maildir');
      const count = await writeMaildir(source, maildir, size.messages === null);
      const peers: PeerResult[] = [
        await runNotmuch(maildir, join(work, `notmuch-${count}`), count, []),
        await runMu(maildir, join(work, `mu-${count}`), count, []),
      ];
      await rm(maildir, { recursive: true, force: true });
      const [notmuch, mu] = peers;
      rows.push(
        `| ${size.label} | ${round(ours.messagesPerSecond!, 0)} | ${round(ours.megabytesPerSecond!)} | ${ours.peakRssMb} | ${round(ours.storeMb!)} | ${round(ours.settleMs! / 1000)} | ${round(notmuch!.messagesPerSecond, 0)} | ${round(mu!.messagesPerSecond, 0)} | ${ratio(ours.messagesPerSecond!, mu!.messagesPerSecond)} | ${ratio(ours.messagesPerSecond!, notmuch!.messagesPerSecond)} |`,
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const report = [
    '# Import speed (npm run bench -- --import-only)',
    '',
    `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
    "Lantern is timed to the import's report as in results.md (short mail: as a whole `lantern import` command); notmuch and mu as whole `notmuch new` and `mu index` over the same mail as a maildir.",
    '',
    '| archive | Lantern import msg/s | MB/s | peak RSS MB | store MB | then merged s | notmuch msg/s | mu msg/s | Lantern/mu | Lantern/notmuch |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    shortMailLine(shortMail),
    '',
    shortMailNote(shortMail),
    '',
  ].join('\n');
  await writeFile(join(repoRoot, 'bench', 'results-import.md'), report);
  return report;
}
