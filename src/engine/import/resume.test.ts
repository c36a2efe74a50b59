// Crash safety: an import killed with SIGKILL at random moments, then run again, ends with exactly a clean import's store.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { bundleForTest } from '../../../test/bundle';

const DRIVER = `
import { openEngine } from ${JSON.stringify(join(repoRoot, 'src/engine/api/engine.ts'))};
const [dataDir, file] = process.argv.slice(2);
const engine = await openEngine({ dataDir, timeZone: 'UTC' });
const report = await engine.importPaths([file], 'run');
await engine.close();
process.stdout.write(JSON.stringify(report));
`;

async function storeSnapshot(dataDir: string): Promise<{ ids: string[]; total: number; search: string[] }> {
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    const all = await engine.search({ query: '', sort: 'date', limit: 1000 });
    const search = await engine.search({ query: 'uhd OR gnuradio', limit: 50 });
    return { ids: all.hits.map((hit) => hit.id).sort(), total: all.total, search: search.hits.map((hit) => hit.id) };
  } finally {
    await engine.close();
  }
}

function runDriver(driver: string, dataDir: string, file: string, killAfterMs: number | null): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [driver, dataDir, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      lastRunMs = performance.now() - started;
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('finished');
      else reject(new Error(`driver exited with ${code}: ${stderr}`));
    });
  });
}

let lastRunMs = 0;

describe('resumable import', () => {
  let driver: string;
  let mbox: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    driver = await bundleForTest('resume-driver', { source: DRIVER });
    mbox = join(dir, 'slice.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 900)));
  });

  it('gives the clean store after ten kills at random points', async () => {
    const clean = await makeTempDir();
    expect(await runDriver(driver, clean, mbox, null)).toBe('finished');
    const cleanRunMs = lastRunMs;
    const expected = await storeSnapshot(clean);
    expect(expected.total).toBeGreaterThan(850);

    const crashed = await makeTempDir();
    let kills = 0;
    const storedAfterKills: number[] = [];
    for (let attempt = 0; attempt < 30 && kills < 10; attempt += 1) {
      // Kill somewhere in what an uninterrupted run takes on this machine, under this load; the first kill early, while
      // messages are still being stored (a run ends with the merge and the saves of the keyword index and catalog).
      const share = kills === 0 ? 0.3 : 0.2 + Math.random() * 0.75;
      const outcome = await runDriver(driver, crashed, mbox, Math.floor(cleanRunMs * share));
      if (outcome !== 'killed') continue;
      kills += 1;
      storedAfterKills.push((await storeSnapshot(crashed)).total);
    }
    expect(kills).toBe(10);
    // The kills must have landed mid-import: the store grew across them without being complete at the first.
    expect(storedAfterKills[0]).toBeLessThan(expected.total);
    expect(new Set(storedAfterKills).size, `stored after each kill: ${storedAfterKills.join(', ')}`).toBeGreaterThan(1);
    expect(await runDriver(driver, crashed, mbox, null)).toBe('finished');
    expect(await storeSnapshot(crashed)).toEqual(expected);
    // About twelve imports of 900 mails, each process starting the engine afresh: minutes on a shared 2-core machine.
  }, 300_000);

  it('counts what an interrupted import stored as already imported, not as duplicates, when it is resumed', async () => {
    // Distinct Message-IDs, so every copy the second run finds in the store comes from the first run.
    const seen = new Set<string>();
    const distinct = (await readCorpusMessages('io-uring-list.mbox.gz', 1500)).filter((message) => {
      const messageId = /^Message-ID:\s*(\S+)/im.exec(message.toString('latin1'))?.[1];
      if (messageId === undefined || seen.has(messageId)) return false;
      seen.add(messageId);
      return true;
    });
    const file = join(await makeTempDir(), 'distinct.mbox');
    await writeFile(file, toMbox([...distinct, distinct[0]!]));
    const dataDir = await makeTempDir();
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      // Interrupted the way Ctrl-C interrupts the CLI: the import is cancelled part way and keeps what it stored.
      const stop = engine.subscribe((event) => {
        if (event.type === 'import-progress' && event.progress.messages >= 600) void engine.cancelImport('interrupted');
      });
      await engine.importPaths([file], 'interrupted');
      stop();
      const stored = (await engine.getStats()).messages;
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(distinct.length);
      const report = await engine.importPaths([file], 'resumed');
      // The first message comes again at the end of the file; that copy too was stored before this run began.
      expect(report).toMatchObject({
        alreadyImported: stored + 1,
        duplicates: 0,
        imported: distinct.length - stored,
        failed: 0,
        messages: distinct.length,
      });
      const again = await engine.importPaths([file], 'again');
      expect(again).toMatchObject({ alreadyImported: distinct.length + 1, duplicates: 0, imported: 0 });
    } finally {
      await engine.close();
    }
    // Into an empty store, the copy at the end is the one real duplicate within the input.
    const fresh = await openEngine({ dataDir: await makeTempDir(), timeZone: 'UTC' });
    try {
      expect(await fresh.importPaths([file], 'fresh')).toMatchObject({ imported: distinct.length, duplicates: 1, alreadyImported: 0 });
    } finally {
      await fresh.close();
    }
  }, 300_000);
});
