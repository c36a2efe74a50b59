// Worker-thread parsing gives exactly the store that parsing on the engine's own thread gives.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../test/bundle';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';

async function importAndList(file: string, parseWorkerScript?: string): Promise<unknown[]> {
  const engine = await openEngine({ dataDir: await makeTempDir(), timeZone: 'UTC', parseWorkerScript });
  try {
    const report = await engine.importPaths([file], 'run');
    expect(report.failed).toBe(0);
    const { hits } = await engine.search({ query: '', sort: 'date', limit: 1000 });
    return hits.map(({ id, threadId, subject, date, from, attachments }) => ({ id, threadId, subject, date, from, attachments }));
  } finally {
    await engine.close();
  }
}

describe('parse workers', () => {
  it('produce the same messages, ids and threads as inline parsing', async () => {
    const file = join(await makeTempDir(), 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 300)));
    const worker = await bundleForTest('parse-worker', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') });
    const inline = await importAndList(file);
    expect(inline.length).toBeGreaterThan(290);
    expect(await importAndList(file, worker)).toEqual(inline);
  });
});

describe('parse worker priority', () => {
  it('runs the parse workers below the engine thread on Linux, which schedules threads one by one', async () => {
    const { createParser } = await import('./parsePool');
    const { readdir, readFile } = await import('node:fs/promises');
    const { PARSE_NICENESS_ABOVE_ENGINE } = await import('./parsePriority');
    const worker = await bundleForTest('parse-worker', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') });
    const parser = createParser(worker);
    try {
      const [bytes] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
      await parser.parse(bytes!, {
        sourceId: 's',
        sourceFile: 'f',
        offset: 0,
        placement: { folder: null, labels: [] },
        defaultFolder: 'f',
      });
      // Field 19 of a thread's stat line is its nice value (after the command, which is in parentheses).
      const niceness = async (task: string): Promise<number> =>
        Number((await readFile(`/proc/self/task/${task}/stat`, 'utf8')).split(') ')[1]!.split(' ')[16]);
      const engine = await niceness(String(process.pid));
      const lowered = Math.min(19, engine + PARSE_NICENESS_ABOVE_ENGINE);
      const values = await Promise.all((await readdir('/proc/self/task')).map(niceness));
      // The worker threads (each parse worker's thread and those Node starts beside it) are below the engine's.
      expect(values.filter((value) => value === lowered).length).toBeGreaterThanOrEqual(1);
      expect(values.every((value) => value === engine || value === lowered)).toBe(true);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
