// Worker-thread parsing gives exactly the store that parsing on the engine's own thread gives.
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../test/bundle';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { MessageFileError } from './messageFile';
import { createParser, inlineParser } from './parsePool';
import { MAX_MESSAGE_BYTES } from './rawMail';

const CONTEXT = { sourceId: 's', sourceFile: 'f', offset: -1, placement: { folder: null, labels: [] }, defaultFolder: 'f' };

async function importAndList(file: string, parseWorkerScript?: string): Promise<unknown[]> {
  const engine = await openEngine({ dataDir: await makeTempDir(), timeZone: 'UTC', parseWorkerScript });
  try {
    const report = await engine.importPaths([file], 'run');
    expect(report.failed).toBe(0);
    const { hits } = await engine.search({ query: '', sort: 'date', limit: 1000 });
    return hits.map(({ id, threadId, subject, date, from, attachments, folder }) => ({
      id,
      threadId,
      subject,
      date,
      from,
      attachments,
      folder,
    }));
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

describe('message files read by the parser', () => {
  it('give the same messages, ids, threads and folders from a maildir with workers as inline', async () => {
    const root = await makeTempDir();
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 120);
    for (const [index, bytes] of messages.entries()) {
      const folder = join(root, `Folder${index % 3}`, index % 2 === 0 ? 'cur' : 'new');
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${index}.host:2,S`), bytes);
    }
    const worker = await bundleForTest('parse-worker', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') });
    const inline = await importAndList(root);
    expect(inline.length).toBeGreaterThan(110);
    expect(await importAndList(root, worker)).toEqual(inline);
  });

  it('reject a file that cannot be read, or is past the size cap, with that reason, on workers and inline', async () => {
    const root = await makeTempDir();
    const tooLarge = join(root, 'large');
    await writeFile(tooLarge, '');
    // Sparse: the size is checked before any byte is read.
    await truncate(tooLarge, MAX_MESSAGE_BYTES + 1);
    const worker = createParser(await bundleForTest('parse-worker', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') }));
    try {
      for (const parser of [inlineParser, worker]) {
        const missing = parser.parseFile(join(root, 'missing'), CONTEXT);
        await expect(missing).rejects.toBeInstanceOf(MessageFileError);
        await expect(missing).rejects.toThrow(/^could not read the message file: ENOENT/);
        const large = parser.parseFile(tooLarge, CONTEXT);
        await expect(large).rejects.toBeInstanceOf(MessageFileError);
        await expect(large).rejects.toThrow('message file larger than 200 MB; skipped');
      }
    } finally {
      await worker.close();
    }
  }, 60_000);
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

/**
 * The real parse worker's answers, one message at a time, each after 15 ms more work of the thread, as reading
 * attachment text can take.
 */
const slowWorkerSource = `
import { parentPort } from 'node:worker_threads';
import { normalizeMessage } from ${JSON.stringify(join(repoRoot, 'src/engine/import/normalize.ts'))};
let turn = Promise.resolve();
parentPort.on('message', (tasks) => tasks.forEach((task) => {
  turn = turn
    .then(() => normalizeMessage(Buffer.from(task.bytes), task.context))
    .then(
      (normalized) => {
        const until = performance.now() + 15;
        while (performance.now() < until);
        parentPort.postMessage([{ seq: task.seq, normalized }]);
      },
      (error) => parentPort.postMessage([{ seq: task.seq, error: error.message }]),
    );
}));
`;

describe('parse worker count', () => {
  const cores = availableParallelism();

  it('leaves a core to the importing thread, and starts a worker more when that thread waits on parsing', async () => {
    const [bytes] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const parser = createParser(await bundleForTest('slow-parse-worker', { source: slowWorkerSource }));
    try {
      expect(parser.workerCount()).toBe(cores - 1);
      // Sent ahead as the importer sends them, then awaited: the importing thread has nothing else to do.
      const parsed = Array.from({ length: 400 }, (_, index) => parser.parse(bytes!, { ...CONTEXT, offset: index }));
      await Promise.all(parsed);
      expect(parser.workerCount()).toBe(cores);
    } finally {
      await parser.close();
    }
  }, 60_000);

  it('keeps one worker fewer than the cores while the importing thread is busy', async () => {
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 100);
    const parser = createParser(await bundleForTest('parse-worker', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') }));
    try {
      const started = performance.now();
      for (let round = 0; performance.now() - started < 3_500; round += 1) {
        const parsed = messages.map((bytes, index) => parser.parse(bytes, { ...CONTEXT, offset: round * 1000 + index }));
        for (const message of parsed) {
          await message;
          // The catalog and keyword work of an accepted message, made long: this thread is the one the import waits on.
          const until = performance.now() + 5;
          while (performance.now() < until);
        }
      }
      expect(parser.workerCount()).toBe(cores - 1);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
