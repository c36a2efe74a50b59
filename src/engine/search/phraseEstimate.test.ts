// A phrase with more candidates than are read at once: exact pages in order, an estimated total, exact once all are read.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convert as htmlToText } from 'html-to-text';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath, makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { foldText } from '../../shared/query/fold';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { EXACT_PHRASE_CANDIDATES } from './phraseFilter';

/** Both words are in most of the archive's messages; the phrase in far fewer. */
const PHRASE = 'the usrp';
/** Candidates a timeline reads at most here: fewer than the phrase's, more than a rare phrase's. */
const TIMELINE_SAMPLE = 500;
/** A phrase whose candidates are fewer than the timeline's sample. */
const RARE_PHRASE = 'the b210';
/** A phrase with as many candidates as PHRASE but held by few of them: no sample finds enough to go by. */
const SCARCE_PHRASE = 'usrp the';

interface Known {
  messageId: string;
  date: number;
  words: string;
}

async function know(raw: Buffer): Promise<Known> {
  const parsed = await simpleParser(raw.subarray(raw.indexOf(0x0a) + 1));
  const text = parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToText(parsed.html, { wordwrap: false }) : '';
  const words = foldText(`${parsed.subject ?? ''}\n${text}`).match(/[\p{L}\p{N}]+/gu) ?? [];
  return { messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''), date: parsed.date?.getTime() ?? 0, words: ` ${words.join(' ')} ` };
}

describe('a phrase with many candidates', () => {
  let engine: Engine;
  /** Newest first, the messages that hold the phrase (by the test's own reading of the mail). */
  let holding: Known[];
  let candidates: number;
  let rareCandidates: number;

  beforeAll(async () => {
    const known = await Promise.all((await readCorpusMessages('usrp-users-list.mbox.gz')).map(know));
    holding = known.filter((item) => item.words.includes(` ${PHRASE} `)).sort((first, second) => second.date - first.date);
    const candidatesOf = (phrase: string) =>
      known.filter((item) => phrase.split(' ').every((word) => item.words.includes(` ${word} `))).length;
    candidates = candidatesOf(PHRASE);
    rareCandidates = candidatesOf(RARE_PHRASE);
    const dir = await makeTempDir();
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC', timelinePhraseSample: TIMELINE_SAMPLE });
    // The first 100 messages get vectors (the real encoder; all of them would take minutes), so hybrid mode runs.
    const slice = join(dir, 'slice.mbox');
    await writeFile(slice, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 100)));
    await engine.importPaths([slice], 'slice');
    await engine.embed();
    await engine.importPaths([corpusPath('usrp-users-list.mbox.gz')], 'usrp');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('reads only as far as the page needs, in date order, estimates the total, and is exact once all are read', async () => {
    expect(candidates).toBeGreaterThan(EXACT_PHRASE_CANDIDATES);
    expect(holding.length).toBeGreaterThan(40);
    const search = (limit: number, offset = 0) => engine.search({ query: `"${PHRASE}"`, limit, offset, sort: 'date', mode: 'keyword' });
    const first = await search(20);
    const second = await search(20, 20);
    expect(first.isTotalEstimated).toBe(true);
    // Estimated from an even sample of 400 of the candidates: well within a quarter of the truth.
    expect(first.total).toBeGreaterThan(holding.length * 0.75);
    expect(first.total).toBeLessThan(holding.length * 1.25);

    // A page past every candidate reads them all: the pages before were its first ones.
    const all = await search(1000);
    expect(all.isTotalEstimated).toBe(false);
    expect(all.total).toBe(all.hits.length);
    expect([...first.hits, ...second.hits].map((hit) => hit.id)).toEqual(all.hits.slice(0, 40).map((hit) => hit.id));
    const dates = all.hits.map((hit) => Date.parse(hit.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The test reads subjects and bodies; the engine reads attachment text too, so it may find a few more.
    const found = new Set(all.hits.map((hit) => hit.messageId));
    for (const item of holding) expect(found).toContain(item.messageId);
    expect(all.total).toBeLessThan(holding.length * 1.02);
  });

  it('ranks by relevance among messages that hold the phrase', async () => {
    const result = await engine.search({ query: `"${PHRASE}"`, limit: 20, mode: 'keyword' });
    const all = await engine.search({ query: `"${PHRASE}"`, limit: 1000, sort: 'date', mode: 'keyword' });
    expect(result.hits).toHaveLength(20);
    const holdingIds = new Set(all.hits.map((hit) => hit.id));
    for (const hit of result.hits) expect(holdingIds).toContain(hit.id);
  });

  it('in hybrid mode too, reads only the keyword hits its page needs and estimates the total', async () => {
    const hybrid = await engine.search({ query: `"${PHRASE}"`, limit: 20, mode: 'hybrid' });
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.isTotalEstimated).toBe(true);
    expect(hybrid.hits).toHaveLength(20);
    const all = await engine.search({ query: `"${PHRASE}"`, limit: 1000, sort: 'date', mode: 'keyword' });
    const holdingIds = new Set(all.hits.map((hit) => hit.id));
    const keywordHits = hybrid.hits.filter((hit) => hit.matchType !== 'semantic');
    expect(keywordHits.length).toBeGreaterThan(10);
    for (const hit of keywordHits) expect(holdingIds).toContain(hit.id);
    expect(hybrid.total).toBeGreaterThan(holding.length * 0.75);
    expect(hybrid.total).toBeLessThan(holding.length * 1.25 + 100);
  });

  it("counts a timeline from an even sample of the phrase's candidates, says so, and counts rare phrases exactly", async () => {
    const exact = await engine.search({ query: `"${PHRASE}"`, limit: 1000, sort: 'date', mode: 'keyword' });
    for (const mode of ['keyword', 'auto'] as const) {
      const timeline = await engine.timeline({ query: `"${PHRASE}"`, mode });
      expect(timeline.isEstimated).toBe(true);
      // An even sample of 500 of the candidates, each holder weighed up: well within a fifth of the exact count.
      expect(timeline.total).toBeGreaterThan(exact.total * 0.8);
      expect(timeline.total).toBeLessThan(exact.total * 1.2);
      // Bars and undated are weighed alike, so they add up to the total but for rounding.
      const bars = timeline.buckets.reduce((total, bar) => total + bar.count, 0) + timeline.undated;
      expect(Math.abs(bars - timeline.total)).toBeLessThanOrEqual(timeline.buckets.length + 1);
      const senders = timeline.facets.find((facet) => facet.kind === 'senders')!;
      expect(senders.values[0]!.count).toBeGreaterThan(1);
    }
    expect(rareCandidates).toBeGreaterThan(0);
    expect(rareCandidates).toBeLessThanOrEqual(TIMELINE_SAMPLE);
    const rare = await engine.timeline({ query: `"${RARE_PHRASE}"`, mode: 'keyword' });
    const rareSearch = await engine.search({ query: `"${RARE_PHRASE}"`, limit: 1000, mode: 'keyword' });
    expect(rare.isEstimated).toBe(false);
    expect(rare.total).toBe(rareSearch.total);
    // Its words are in most messages, the phrase in a few: every candidate is read, and the count is exact.
    const scarce = await engine.timeline({ query: `"${SCARCE_PHRASE}"`, mode: 'keyword' });
    const scarceSearch = await engine.search({ query: `"${SCARCE_PHRASE}"`, limit: 1000, mode: 'keyword' });
    expect(scarceSearch.isTotalEstimated).toBe(false);
    expect(scarceSearch.total).toBeGreaterThan(0);
    expect(scarce.isEstimated).toBe(false);
    expect(scarce.total).toBe(scarceSearch.total);
  });
});
