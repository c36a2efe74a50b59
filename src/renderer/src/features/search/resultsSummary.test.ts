// The results header and notes line in plain words: order, coverage while vectors are made, the corrected term, and
// taking back an understood constraint with the preposition that led it.
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../shared/model/search';
import { parseQuery } from '../../../../shared/query/parse';
import { correctedTerm } from './QueryNotes';
import { countLine, orderLine, plainNote, similarOffer } from './resultsSummary';
import { removeUnderstood } from './understoodEditing';

function result(change: Partial<SearchResult>): SearchResult {
  return {
    query: 'budget',
    parsed: { text: 'budget', filters: [], warnings: [] },
    total: 23,
    isTotalEstimated: false,
    tookMs: 4,
    hits: [],
    mode: 'hybrid',
    modeNote: 'auto: balanced hybrid',
    sort: 'relevance',
    embeddedShare: 1,
    ...change,
  };
}

describe('results header', () => {
  it('says count and order in plain words and hides the route', () => {
    expect(`${countLine(result({}))} · ${orderLine(result({}))}`).toBe('23 results · best matches first');
    expect(orderLine(result({ sort: 'date' }))).toBe('newest first');
    expect(orderLine(result({ sort: 'date', understood: [{ span: { start: 0, end: 6 }, meaning: 'oldest first' }] }))).toBe('oldest first');
    expect(countLine(result({ total: 41_000, isTotalEstimated: true }))).toBe('About 41,000 results');
    expect(plainNote(result({}))).toBeNull();
    expect(countLine(result({ total: 1 }))).toBe('1 result');
    expect(countLine(result({ total: 0, modeNote: 'no messages match: none holds these words, and none is near enough in meaning' }))).toBe(
      'No messages match',
    );
    expect(plainNote(result({ mode: 'rerank', modeNote: 'rerank: feature reranker (keyword rank, meaning) reordered 50' }))).toBeNull();
  });

  it('says how much of the archive meaning search covers while vectors are made, and when fewer words matched', () => {
    expect(plainNote(result({ embeddedShare: 0.014, mode: 'keyword' }))).toBe('Meaning search covers 1% of the archive so far');
    expect(plainNote(result({ modeNote: 'no message has all of the words: showing messages with the most of them' }))).toBe(
      'No message has every word: showing those with the most of them',
    );
  });
});

describe('notes line', () => {
  it('shows the corrected term whole', () => {
    expect(correctedTerm('budget form:kay x', { span: { start: 7, end: 11 }, replacement: 'from', kind: 'operator' })).toBe('from:kay');
    expect(correctedTerm('budgte', { span: { start: 0, end: 6 }, replacement: 'budget', kind: 'word' })).toBe('budget');
  });

  it('takes back an understood constraint with its preposition', () => {
    const text = '5 latest emails from jeff about gas';
    const understood = parseQuery(text, { contacts: [{ name: 'Jeff Dasovich', address: 'jeff.dasovich@enron.com' }] }).understood!;
    const [limit, order, person] = understood;
    expect(removeUnderstood(text, limit!).text).toBe('latest emails from jeff about gas');
    expect(removeUnderstood(text, order!).text).toBe('5 emails from jeff about gas');
    expect(removeUnderstood(text, person!).text).toBe('5 latest emails about gas');
  });
});

describe('the offer of messages about similar things', () => {
  it('is made only when nothing matched and some messages are near in meaning', () => {
    expect(similarOffer(result({ total: 0, similarCount: 37 }))).toBe('Show 37 messages about similar things');
    expect(similarOffer(result({ total: 0, similarCount: 1 }))).toBe('Show 1 message about similar things');
    expect(similarOffer(result({ total: 0 }))).toBeNull();
    expect(similarOffer(result({ total: 3, similarCount: 37 }))).toBeNull();
  });

  it('says what the list of them is', () => {
    const similar = result({ mode: 'semantic', modeNote: 'showing messages about similar things: no message holds these words' });
    expect(plainNote(similar)).toBe('Messages about similar things (none matched)');
  });
});
