// The timeline over real io-uring mail: bars and facets agree with counts read straight from the mbox, with the search's
// total, and with what their after:/before: range or operator then finds. Real LanceDB in a temp folder.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import type { Timeline } from '../../shared/model/timeline';

const MESSAGES = 1500;

/** A header's value from a raw message, unfolded: read here without the engine's parser. */
function header(raw: Buffer, name: string): string | null {
  const head = raw
    .toString('latin1')
    .split(/\r?\n\r?\n/, 1)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return match ? match[1]!.trim() : null;
}

function sum(timeline: Timeline): number {
  return timeline.buckets.reduce((total, bar) => total + bar.count, 0) + timeline.undated;
}

describe('timeline and facets', () => {
  let engine: Engine;
  let raw: Buffer[];

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'io-uring.mbox');
    raw = await readCorpusMessages('io-uring-list.mbox.gz', MESSAGES);
    await writeFile(file, toMbox(raw));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'io-uring');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('counts every message by month as the mbox itself dates them, and adds up to the search total', async () => {
    const timeline = await engine.timeline({ query: '' });
    const search = await engine.search({ query: '' });
    expect(timeline.total).toBe(search.total);
    expect(sum(timeline)).toBe(timeline.total);
    expect(timeline.granularity).toBe('month');
    const byMonth = new Map<string, number>();
    for (const message of raw) {
      const date = new Date(Date.parse(header(message, 'Date')!));
      const month = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
      byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    }
    const bars = new Map(timeline.buckets.filter((bar) => bar.count > 0).map((bar) => [bar.start, bar.count]));
    // Copies of one mail stored twice count once in the search; the mbox counts each.
    const copies = raw.length - search.total;
    expect(copies).toBeGreaterThanOrEqual(0);
    expect(copies).toBeLessThan(raw.length / 100);
    for (const [month, count] of byMonth) expect(bars.get(month) ?? 0).toBeGreaterThanOrEqual(count - copies);
    expect([...bars.keys()].sort()).toEqual([...byMonth.keys()].sort());
  });

  it('selects exactly the bars dragged across with after:start before:end', async () => {
    for (const query of ['', 'sqpoll', 'from:axboe']) {
      const timeline = await engine.timeline({ query });
      expect(timeline.buckets.length).toBeGreaterThan(1);
      const [first, last] = [1, Math.min(timeline.buckets.length - 1, 3)];
      const dragged = timeline.buckets.slice(first, last + 1);
      const narrowed = `${query} after:${dragged[0]!.start} before:${dragged.at(-1)!.end}`.trim();
      const search = await engine.search({ query: narrowed });
      expect(search.total).toBe(dragged.reduce((total, bar) => total + bar.count, 0));
      const again = await engine.timeline({ query: narrowed });
      expect(again.total).toBe(search.total);
    }
  });

  it('counts each facet value as many messages as its operator then finds', async () => {
    const timeline = await engine.timeline({ query: 'io_uring' });
    expect(timeline.total).toBe((await engine.search({ query: 'io_uring' })).total);
    const kinds = timeline.facets.map((facet) => facet.kind);
    expect(kinds).toEqual(['senders', 'recipients', 'places', 'years', 'attachments']);
    for (const facet of timeline.facets) {
      for (const value of facet.values.slice(0, 3)) {
        const narrowed = await engine.search({ query: `io_uring ${value.operator}` });
        expect({ operator: value.operator, count: narrowed.total }).toEqual({ operator: value.operator, count: value.count });
      }
    }
  });

  it('counts senders as the mbox From headers name them', async () => {
    const timeline = await engine.timeline({ query: '' });
    const senders = timeline.facets.find((facet) => facet.kind === 'senders')!;
    const top = senders.values[0]!;
    const fromMbox = raw.filter((message) => (header(message, 'From') ?? '').toLowerCase().includes(top.label)).length;
    expect(top.count).toBeLessThanOrEqual(fromMbox);
    expect(top.count).toBeGreaterThan(fromMbox * 0.98);
    expect(top.operator).toBe(`from:${top.label}`);
  });

  it('respects every operator: a narrowed timeline counts only what the narrowed search finds', async () => {
    for (const query of ['from:axboe', '-from:axboe sqpoll', 'has:attachment', 'subject:"PATCH"', 'sqpoll OR iopoll']) {
      const [timeline, search] = await Promise.all([engine.timeline({ query }), engine.search({ query })]);
      expect({ query, total: timeline.total }).toEqual({ query, total: search.total });
      expect(sum(timeline)).toBe(timeline.total);
    }
  });

  it('leaves a facet value out of nothing: the value the query narrows to holds every match', async () => {
    const everything = await engine.timeline({ query: '' });
    const top = everything.facets.find((facet) => facet.kind === 'senders')!.values[0]!;
    const timeline = await engine.timeline({ query: top.operator });
    const senders = timeline.facets.find((facet) => facet.kind === 'senders')!;
    expect(senders.values.map((value) => value.label)).toEqual([top.label]);
    expect(senders.values[0]!.count).toBe(timeline.total);
  });

  it('gives an empty timeline for a search that matches nothing', async () => {
    const timeline = await engine.timeline({ query: 'from:nobody-at-all@example.invalid', mode: 'keyword' });
    expect(timeline.total).toBe(0);
    expect(timeline.buckets).toEqual([]);
    expect(timeline.facets.every((facet) => facet.values.length === 0)).toBe(true);
  });
});
