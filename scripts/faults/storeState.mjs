// What a fault left: whether the store opens, which messages it lists, its vectors, and its attachment files' hashes.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The search page limit the engine allows (MAX_LIMIT in src/engine/search/search.ts). */
const PAGE = 1000;

/** `lantern stats --json`: counts of messages and of those with vectors; null when the store does not open. */
export async function readStats(lantern, dataDir) {
  const run = await lantern.run(['stats', '--json', '--data-dir', dataDir]);
  return run.code === 0 ? run.json : null;
}

/** The ids of every message a search finds, page by page; `ids` may repeat an id (that is a duplicate). */
export async function searchIds(lantern, dataDir, query = '') {
  const ids = [];
  for (let offset = 0; ; offset += PAGE) {
    const run = await lantern.run([
      'search',
      query,
      '--json',
      '--sort',
      'date',
      '--limit',
      String(PAGE),
      '--offset',
      String(offset),
      '--mode',
      'keyword',
      '--data-dir',
      dataDir,
    ]);
    if (run.code !== 0 || run.json === null) return { ok: false, ids, error: errorLine(run.stderr) };
    ids.push(...run.json.hits.map((hit) => hit.id));
    if (run.json.hits.length === 0 || offset + PAGE >= run.json.total) return { ok: true, ids, total: run.json.total };
  }
}

/** Whether this build has `lantern check` (another change adds it); without it a store must open as it is. */
export async function hasCheckCommand(lantern, emptyDataDir) {
  const run = await lantern.run(['check', '--json', '--data-dir', emptyDataDir]);
  return !/unknown command/.test(run.stderr);
}

/** `lantern check [--repair] --json`: exit 0 when healthy or repaired, 1 when problems remain. */
export async function checkStore(lantern, dataDir, repair) {
  const run = await lantern.run(['check', ...(repair ? ['--repair'] : []), '--json', '--data-dir', dataDir]);
  return { ok: run.code === 0, report: run.json, error: run.code === 0 ? '' : errorLine(run.stderr) || errorLine(run.stdout) };
}

/** Attachment files whose bytes no longer hash to their name (each is named by the SHA-256 of its bytes). */
export async function damagedAttachments(dataDir) {
  const folder = join(dataDir, 'attachments');
  const names = await readdir(folder).catch(() => []);
  const damaged = [];
  for (const name of names) {
    if (!/^[0-9a-f]{64}$/.test(name)) continue;
    const digest = createHash('sha256')
      .update(await readFile(join(folder, name)))
      .digest('hex');
    if (digest !== name) damaged.push(name);
  }
  return damaged;
}

/**
 * The line of a command's stderr that says what went wrong: a Rust panic's message, a crash's error (Node's uncaught
 * exception prints a stack and its version last), the `lantern:` line, or else the last line.
 */
export function errorLine(stderr) {
  const lines = stderr.trim().split('\n');
  const panic = lines.findIndex((line) => /panicked at/.test(line));
  if (panic >= 0)
    return `panic: ${lines
      .slice(panic, panic + 2)
      .join(' ')
      .trim()}`;
  if (isCrash(stderr)) return `crashed: ${lines.find((line) => /^\w*Error\b/.test(line)) ?? lines.at(-1)}`;
  return lines.findLast((line) => line.startsWith('lantern:')) ?? lines.at(-1) ?? '';
}

/** Whether the process ended on an uncaught exception or a Rust panic rather than with a message of its own. */
export function isCrash(stderr) {
  return /panicked at|^Node\.js v\d+/m.test(stderr);
}
