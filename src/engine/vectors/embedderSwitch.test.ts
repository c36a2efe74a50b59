// Choosing another embedder re-embeds the archive in the background while the old vectors keep answering meaning
// search, then drops them: real mail, the built-in encoder, the tiny BERT from test/onnxModels, real LanceDB.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { expect, test } from 'vitest';
import { readCorpusMessages, toMbox, withTempDir } from '../../../test/corpus';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import type { LanternEvent } from '../../shared/contract/api';
import { openEngine } from '../api/engine';
import { checkVectorTable } from '../check/checkTables';
import type { Engine } from '../api/engineTypes';
import { UNIVERSAL_SENTENCE_ENCODER_ID } from '../embed/universalSentenceEncoder';
import { READ_AS_IS } from '../store/tableHealth';
import { CHUNK_TABLE } from './chunkStore';

const QUERY = 'the radio device gets too hot';

/** A search by meaning alone: it must run as one, never fall back to words, and find mail. */
async function searchByMeaning(engine: Engine): Promise<number> {
  const result = await engine.search({ query: QUERY, mode: 'semantic', limit: 5 });
  expect(result.mode).toBe('semantic');
  expect(result.hits.length).toBeGreaterThan(0);
  return result.hits.length;
}

test('a new embedder re-embeds in the background, meaning search answers before, during and after, and the old vectors go', async () => {
  await withTempDir(async (dir) => {
    const mbox = join(dir, 'mail.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 80)));
    const folder = join(dir, 'models', 'tiny-bert');
    const modelBytes = await writeBertModelFolder(folder, TINY_SHAPE);
    const tinyId = `transformers:tiny-bert:${modelBytes}`;
    const dataDir = join(dir, 'store');
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    const progress: Extract<LanternEvent, { type: 'embedding-progress' }>[] = [];
    const eventTypes: string[] = [];
    engine.subscribe((event) => {
      eventTypes.push(event.type);
      if (event.type === 'embedding-progress') progress.push(event);
    });
    try {
      await engine.importPaths([mbox], 'mail');
      await engine.embed();
      expect((await engine.getStats()).embedderId).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);
      await searchByMeaning(engine);

      await engine.updateSettings({ modelFolder: folder });
      // The run starts paused: the new model's table exists and holds nothing yet; the old vectors answer.
      await engine.setEmbeddingPaused(true);
      const reembedding = engine.embed();
      await expect.poll(() => progress.some((event) => event.embedderId === tinyId && event.paused)).toBe(true);
      const state = JSON.parse(await readFile(join(dataDir, 'vectors.json'), 'utf8')) as {
        embedderId: string;
        next?: { embedderId: string };
      };
      expect(state.embedderId).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);
      expect(state.next?.embedderId).toBe(tinyId);
      await searchByMeaning(engine);
      expect((await engine.getStats()).embedderId).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);

      // Searches go on while the new vectors are made, to the end of the run and past it.
      await engine.setEmbeddingPaused(false);
      let searches = 0;
      let isDone = false;
      const searching = (async () => {
        while (!isDone) searches += Math.sign(await searchByMeaning(engine));
      })();
      const report = await reembedding;
      isDone = true;
      await searching;
      expect(searches).toBeGreaterThan(0);
      expect(report).toMatchObject({ embedderId: tinyId, embedded: 80, total: 80 });
      // The switch is announced after the last progress of the run, so the window reads the new model from the stats.
      expect(eventTypes.lastIndexOf('store-changed')).toBeGreaterThan(eventTypes.lastIndexOf('embedding-progress'));

      const stats = await engine.getStats();
      expect(stats).toMatchObject({ embedderId: tinyId, embeddedMessages: 80 });
      await searchByMeaning(engine);
      const after = JSON.parse(await readFile(join(dataDir, 'vectors.json'), 'utf8')) as Record<string, unknown>;
      // The floors go with the vectors: the tiny model is not calibrated, so nothing is held back.
      expect(after).toMatchObject({ embedderId: tinyId, floors: { floor: -1, unknownWords: -1 } });
      expect(after.next).toBeUndefined();
      const tables = await (await connect(join(dataDir, 'lancedb'))).tableNames();
      expect(tables).not.toContain(CHUNK_TABLE);
      expect(tables).toContain(after.table);
      // `lantern check` reads the table vectors.json names.
      const check = await checkVectorTable(dataDir, join(dataDir, 'lancedb'), READ_AS_IS);
      expect(check.problems).toEqual([]);
      expect(check.checked).toContain(`vector table: ${stats.embeddedChunks} passages of 80 messages, ${TINY_SHAPE.hidden} dimensions`);
    } finally {
      await engine.close();
    }

    // Reopened, the store serves the new model's vectors with the model recorded beside them.
    const reopened = await openEngine({ dataDir, timeZone: 'UTC', modelFolder: folder });
    try {
      expect((await reopened.getStats()).embedderId).toBe(tinyId);
      await searchByMeaning(reopened);
    } finally {
      await reopened.close();
    }
  });
});

test('vectors of a store from before the model folder was recorded still answer while another model re-embeds', async () => {
  await withTempDir(async (dir) => {
    const mbox = join(dir, 'mail.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 30)));
    const [first, second] = [join(dir, 'models', 'first'), join(dir, 'models', 'second')];
    await writeBertModelFolder(first, TINY_SHAPE, { seed: 1 });
    await writeBertModelFolder(second, TINY_SHAPE, { seed: 2, quantized: true });
    const dataDir = join(dir, 'store');
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await engine.importPaths([mbox], 'mail');
      await engine.updateSettings({ modelFolder: first });
      await engine.embed();
    } finally {
      await engine.close();
    }
    // vectors.json as the app wrote it before: the embedder's id and size only.
    const state = JSON.parse(await readFile(join(dataDir, 'vectors.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(
      join(dataDir, 'vectors.json'),
      JSON.stringify({ version: 1, embedderId: state.embedderId, dimensions: state.dimensions }),
    );

    // The first run of the app after the update records the folder; the switch comes in a later session, as
    // `lantern models use` and `lantern search` are, where the first model was never loaded.
    const updated = await openEngine({ dataDir, timeZone: 'UTC' });
    await updated.embed().finally(() => updated.close());
    const reopened = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await reopened.updateSettings({ modelFolder: second });
      await reopened.setEmbeddingPaused(true);
      const reembedding = reopened.embed();
      await searchByMeaning(reopened);
      expect((await reopened.getStats()).embedderId).toBe(state.embedderId);
      await reopened.setEmbeddingPaused(false);
      await reembedding;
      expect((await reopened.getStats()).embedderId).not.toBe(state.embedderId);
    } finally {
      await reopened.close();
    }
  });
});
