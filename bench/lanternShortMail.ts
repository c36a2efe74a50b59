// Benchmark driver (own process): short mail in many folders (bench/shortMailCorpus.ts), imported by a whole `lantern
// import` command from its start to its exit, and indexed by mu and notmuch as whole processes.
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { folderBytes } from './measure';
import { runMu, runNotmuch } from './peers';
import { writeShortMailMaildir } from './shortMailCorpus';

/** The `lantern` command's script, a work folder (emptied by the caller), and the shared archives to cut. */
const [lantern, work, ...sources] = process.argv.slice(2) as [string, string, ...string[]];
/** As the archive in issue 25: about 25,000 short business messages in about 300 folders. */
const MESSAGES = 25_000;
const FOLDERS = 300;

const maildir = join(work, 'short-mail');
const archive = await writeShortMailMaildir({ sources, target: maildir, messages: MESSAGES, folders: FOLDERS });
const archiveBytes = await folderBytes(maildir);
const dataDir = join(work, 'short-mail-store');
await mkdir(dataDir, { recursive: true });
const begin = performance.now();
const result = spawnSync(process.execPath, [lantern, 'import', maildir, '--json', '--data-dir', dataDir], {
  encoding: 'utf8',
  maxBuffer: 1 << 26,
});
const wholeMs = performance.now() - begin;
if (result.status !== 0) throw new Error(`lantern import failed (${result.status}): ${result.stderr.slice(-2000)}`);
const report = JSON.parse(result.stdout) as { imported: number; duplicates: number; failed: number; elapsedMs: number };
const storeMb = (await folderBytes(dataDir)) / 1e6;
// notmuch keeps its database inside the maildir, so it runs last; neither peer is asked queries here.
const mu = await runMu(maildir, join(work, 'short-mail-mu'), archive.messages, []);
const notmuch = await runNotmuch(maildir, join(work, 'short-mail-notmuch'), archive.messages, []);
process.stdout.write(
  JSON.stringify({
    messages: archive.messages,
    folders: archive.folders.length,
    archiveMb: archiveBytes / 1e6,
    imported: report.imported,
    duplicates: report.duplicates,
    failed: report.failed,
    wholeMs,
    reportedMs: report.elapsedMs,
    // Every file counts as a message, as mu and notmuch count it: the duplicates are read and compared too.
    messagesPerSecond: archive.messages / (wholeMs / 1000),
    megabytesPerSecond: archiveBytes / 1e6 / (wholeMs / 1000),
    storeMb,
    muSeconds: mu.indexSeconds,
    muMessagesPerSecond: mu.messagesPerSecond,
    notmuchSeconds: notmuch.indexSeconds,
    notmuchMessagesPerSecond: notmuch.messagesPerSecond,
    peers: [mu.version, notmuch.version],
  }),
);
