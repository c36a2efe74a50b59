// A query naming an identifier ("IORING_REGISTER_RING_SIZE", "io_uring-test") finds the mail that names it first,
// above mail that only holds its common words; those still match, and a saved index of the format before is rebuilt.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEngine } from '../api/engine';
import { KEYWORD_FOLDER } from '../index/loadIndexes';
import { KEYWORD_INDEX_VERSION } from '../index/keywordIndex';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';

/** Real list mail around the made messages: the identifiers' words (ring, size, register, test) are common in it. */
const LIST_MAIL = 200;

const made = [
  mimeMessage('naming', 'A proposal', 'We could add IORING_REGISTER_RING_SIZE so an application can resize its rings.', []),
  mimeMessage('parts', 'Ring size: register the ioring early', 'Size the ring before you register it with ioring.', []),
  mimeMessage('test', 'Failure on parisc', 'io_uring-test fails on the 64-bit kernel.', []),
  mimeMessage('split', 'The io_uring test suite', 'Every test of io_uring fails here.', []),
  mimeMessage('option', 'A new knob', 'Try the uring_test_ring option before the next release.', []),
];

const ids = (hits: { id: string }[]): string[] => hits.map((hit) => hit.id);

/** A question's words, answered by one mail, and one mail that only names the identifier the question also names. */
const answering = [
  mimeMessage('answer', 'Re: your question', 'The default C library for E320 builds changed from glibc to musl.', []),
  mimeMessage('mention', 'Thud branch', 'I am testing the thud branch of meta-ettus.', []),
];

describe('identifiers matched whole', () => {
  it('count as one word more where some words are enough, so an identifier alone does not outrank the rest', async () => {
    const dataDir = join(await makeTempDir(), 'store');
    const file = join(dataDir, '..', 'made.mbox');
    await writeFile(file, toMbox([...(await readCorpusMessages('io-uring-list.mbox.gz', LIST_MAIL)), ...answering]));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await engine.importPaths([file], 'made');
      const answer = (await engine.search({ query: 'rfc822msgid:answer@example.com', mode: 'keyword' })).hits[0]!.id;
      const mention = (await engine.search({ query: 'rfc822msgid:mention@example.com', mode: 'keyword' })).hits[0]!.id;
      // No mail holds every word, so keyword mode shows the mail with the most of them (wordMatch 'any').
      const some = await engine.search({ query: 'meta-ettus default C library E320 builds musl', mode: 'keyword', limit: 10 });
      expect(some.modeNote).toMatch(/no message has all of the words/);
      expect(ids(some.hits)[0]).toBe(answer);
      expect(ids(some.hits)).toContain(mention);
    } finally {
      await engine.close();
    }
  }, 240_000);

  it('place a mail naming the identifier among the mail with every word in a fused search, not after it all', async () => {
    const dataDir = join(await makeTempDir(), 'store');
    const file = join(dataDir, '..', 'made.mbox');
    await writeFile(file, toMbox([...(await readCorpusMessages('io-uring-list.mbox.gz', LIST_MAIL)), ...made]));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await engine.importPaths([file], 'made');
      await engine.embed();
      const naming = (await engine.search({ query: 'rfc822msgid:option@example.com', mode: 'keyword' })).hits[0]!.id;
      // Much of the list's mail holds the identifier's words and "patch"; only one mail names it, without "patch".
      const every = await engine.search({ query: 'uring_test_ring patch', mode: 'keyword', limit: 100 });
      expect(every.total).toBeGreaterThan(10);
      expect(ids(every.hits)).not.toContain(naming);
      const fused = await engine.search({ query: 'uring_test_ring patch', mode: 'auto', limit: 10 });
      expect(ids(fused.hits).slice(0, 3)).toContain(naming);
    } finally {
      await engine.close();
    }
  }, 240_000);

  it('rank the mail naming an identifier first, and mail with only its words still matches', async () => {
    const dataDir = join(await makeTempDir(), 'store');
    const file = join(dataDir, '..', 'made.mbox');
    await writeFile(file, toMbox([...(await readCorpusMessages('io-uring-list.mbox.gz', LIST_MAIL)), ...made]));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    const idOf = new Map<string, string>();
    try {
      await engine.importPaths([file], 'made');
      for (const name of ['naming', 'parts', 'test', 'split']) {
        const found = await engine.search({ query: `rfc822msgid:${name}@example.com`, mode: 'keyword' });
        idOf.set(name, found.hits[0]!.id);
      }
      const ring = await engine.search({ query: 'IORING_REGISTER_RING_SIZE', mode: 'keyword', limit: 20 });
      expect(ids(ring.hits)[0]).toBe(idOf.get('naming'));
      // Written apart, its words still find the other mail, only lower.
      expect(ids(ring.hits)).toContain(idOf.get('parts'));
      const size = await engine.search({ query: 'ring size', mode: 'keyword', limit: 500 });
      expect(ids(size.hits)).toEqual(expect.arrayContaining([idOf.get('naming'), idOf.get('parts')]));

      const test = await engine.search({ query: 'io_uring-test fails', mode: 'keyword', limit: 20 });
      expect(ids(test.hits)[0]).toBe(idOf.get('test'));
      expect(ids(test.hits)).toContain(idOf.get('split'));
    } finally {
      await engine.close();
    }

    // A saved index of the format before (words only) is rebuilt when the store opens, and ranks the same.
    const manifestFile = join(dataDir, KEYWORD_FOLDER, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { version: number; fields: { content: { file: string } } };
    expect(manifest.version).toBe(KEYWORD_INDEX_VERSION);
    await writeFile(manifestFile, JSON.stringify({ ...manifest, version: KEYWORD_INDEX_VERSION - 1 }));
    const reopened = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      const ring = await reopened.search({ query: 'IORING_REGISTER_RING_SIZE', mode: 'keyword', limit: 20 });
      expect(ids(ring.hits)[0]).toBe(idOf.get('naming'));
      const saved = JSON.parse(await readFile(manifestFile, 'utf8')) as typeof manifest;
      expect(saved.version).toBe(KEYWORD_INDEX_VERSION);
      expect(saved.fields.content.file).not.toBe(manifest.fields.content.file);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
