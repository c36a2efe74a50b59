// Every subject of a slice of real list mail, pasted as the query, finds its mail (or the mails sharing it, as far as
// thread diversity lets them fill the first ten) in keyword, hybrid and auto modes: the pasted-subject check,
// over every message of a slice rather than a sample. Real io_uring list mail, embedded by the Universal Sentence Encoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSlice } from '../test/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import { sweepSubjects } from './subjectSweep';

describe('pasted subjects', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await openEmbeddedSlice('io-uring-list.mbox.gz', 400);
  }, 300_000);

  afterAll(async () => {
    await engine.close();
  });

  it('find their mail in every mode that reads words', async () => {
    const { sweeps, misses } = await sweepSubjects(engine, 'io-uring', ['keyword', 'hybrid', 'auto']);
    // Every message with a subject (a mail without one has nothing to paste).
    expect(sweeps.map((sweep) => sweep.searched)).toEqual([399, 399, 399]);
    expect(misses.map((miss) => `${miss.mode}: ${miss.subject} <${miss.messageId}>`)).toEqual([]);
  }, 300_000);
});
