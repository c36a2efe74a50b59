// A search result carries the engine's own marks for its query (problems, plain English understood), read with the
// engine's time zone and contacts, so the search bar paints what the search understood. A small mbox built here.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { parseQuery } from '../../shared/query/parse';
import { queryMarks } from '../../shared/query/marks';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const MBOX = [
  'From janesh@example.com Mon Jan  1 10:00:00 2024',
  'From: Janesh Patel <janesh@example.com>',
  'To: me@example.com',
  'Subject: Budget for the spring offsite',
  'Date: Mon, 01 Jan 2024 10:00:00 +0000',
  'Message-ID: <budget@example.com>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The budget for the spring offsite is attached.',
  '',
].join('\n');

describe('the marks of a search result', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'mail.mbox');
    await writeFile(file, MBOX);
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'marks');
  });

  afterAll(async () => engine?.close());

  const textOf = (query: string, spans: { start: number; end: number }[]): string[] =>
    spans.map((span) => query.slice(span.start, span.end));

  it('names as understood the person only the engine knows, which a parse without its contacts leaves as words', async () => {
    const query = 'budget with Janesh';
    const result = await engine.search({ query, mode: 'keyword' });
    expect(result.total).toBe(1);
    expect(textOf(query, result.parsed.marks!.understood)).toEqual(['Janesh', 'with Janesh']);
    expect(queryMarks(parseQuery(query, { timeZone: 'UTC' })).understood).toEqual([]);
  });

  it('gives the span of each warning, in the order of the warnings', async () => {
    const query = 'custom:x budget after:soon';
    const result = await engine.search({ query, mode: 'keyword' });
    expect(result.parsed.warnings).toHaveLength(2);
    expect(textOf(query, result.parsed.marks!.problems)).toEqual(['custom:x', 'after:soon']);
  });
});
