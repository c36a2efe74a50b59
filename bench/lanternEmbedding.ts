// Benchmark driver (own process): the embedding stage's chunks/s over a store for a fixed time, beside the bare
// model's chunks/s on the very texts the stage chunked. The gap is what chunking, storing and the worker cost.
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { openEngine } from '../src/engine/api/engine';
import { createUniversalSentenceEncoder } from '../src/engine/embed/universalSentenceEncoder';
import { CHUNK_TABLE } from '../src/engine/vectors/chunkStore';

const [dataDir] = process.argv.slice(2) as [string];
/** Embedding a whole archive takes hours on two cores; this long gives a steady rate. */
const STAGE_WINDOW_MS = 90_000;

const engine = await openEngine({ dataDir, embedWorkerScript: join(import.meta.dirname, 'embedWorker.mjs') });
const embedding = engine.embed();
await new Promise((resolve) => setTimeout(resolve, STAGE_WINDOW_MS));
// Closing stops the stage between batches; the report counts what it finished.
await engine.close();
const stage = await embedding;

const connection = await connect(join(dataDir, 'lancedb'));
const table = await connection.openTable(CHUNK_TABLE);
const rows = (await table.query().select(['text']).limit(stage.chunks).toArray()) as { text: string }[];
table.close();
connection.close();
const texts = rows.map((row) => row.text);

const model = await createUniversalSentenceEncoder();
const started = performance.now();
await model.embed(texts);
const bareMs = performance.now() - started;
await model.close();

process.stdout.write(
  JSON.stringify({
    embedderId: stage.embedderId,
    messages: stage.embedded,
    chunks: stage.chunks,
    stageChunksPerSecond: stage.chunks / (stage.elapsedMs / 1000),
    bareChunksPerSecond: texts.length / (bareMs / 1000),
  }),
);
