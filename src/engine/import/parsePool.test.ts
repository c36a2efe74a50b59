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
