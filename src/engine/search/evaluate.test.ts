// Word scores from the evaluator's per-message lists match the formula over every message, and stay the same however
// many evaluations ran before (its scratch arrays are shared between them).
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../shared/query/parse';
import { Catalog } from '../index/catalog';
import { KeywordIndex, type KeywordField } from '../index/keywordIndex';
import type { CatalogRow } from '../store/messageRecord';
import { Evaluator, inverseFrequency } from './evaluate';

const TEXTS = [
  ['buffers fixed', 'fixed buffers are registered once'],
  ['ring teardown', 'the ring buffer leaks memory at teardown'],
  ['Re: buffered reads', 'buffered reads of fixed files'],
  ['cancel', 'cancel a pending read with a timeout'],
  ['buffer sizes', 'registered buffer sizes and fixed files'],
  ['misc', 'nothing of note here'],
];

function row(ordinal: number, subject = TEXTS[ordinal]![0]!): CatalogRow {
  return {
    ...{ id: `m${ordinal}`, messageId: `m${ordinal}@x`, threadId: `t${ordinal}`, subject, date: ordinal },
    ...{ fromName: '', fromAddress: '', toJson: '[]', ccJson: '[]', bccJson: '[]', folder: 'Inbox', labelsJson: '[]' },
    ...{ attachmentsJson: '[]', attachmentCount: 0, parentId: '', size: 1, listId: '', isRead: true, isStarred: false, sourceId: 's' },
  };
}

/** Adds messages of the given subjects and bodies from ordinal `from` on. */
function addMessages(catalog: Catalog, index: KeywordIndex, from: number, texts: readonly (readonly [string, string])[]): void {
  texts.forEach(([subject, body], offset) => {
    catalog.add(row(from + offset, subject));
    index.add(from + offset, { meta: subject.toLowerCase(), content: body });
  });
}

/** Adds TEXTS' messages from `from` up to `to` to the catalog and the keyword index. */
function addTexts(catalog: Catalog, index: KeywordIndex, from: number, to: number): void {
  for (let ordinal = from; ordinal < to; ordinal += 1) {
    const [subject, body] = TEXTS[ordinal]!;
    catalog.add(row(ordinal));
    index.add(ordinal, {
      meta: subject!
        .toLowerCase()
        .match(/[a-z0-9]+/g)!
        .join(' '),
      content: body!,
    });
  }
}

function scoresIn(catalog: Catalog, index: KeywordIndex, query: string, wordMatch: 'all' | 'any'): number[] {
  return [...new Evaluator(catalog, index, wordMatch).evaluate(parseQuery(query, { timeZone: 'UTC' }).root).scores];
}

/** Per word: its best form in each field (3 for the subject and people, 1 for the body; 0.6 of that for another form
 * of its stem) by its rank in the postings, the fields summed, times the word's inverse frequency; summed over words. */
function expectedIn(catalog: Catalog, index: KeywordIndex, queryWords: string[]): number[] {
  const scores = new Array<number>(catalog.size).fill(0);
  for (const word of queryWords) {
    const forms = [word, ...index.stemVariants(word)];
    const termScores = new Array<number>(catalog.size).fill(0);
    const held = new Set<number>();
    for (const field of ['content', 'meta'] as KeywordField[]) {
      const best = new Array<number>(catalog.size).fill(0);
      forms.forEach((form, index_) => {
        const ordinals = index.postings(field, form).flatMap((list) => (list ? [...list] : []));
        ordinals.forEach((ordinal, rank) => {
          held.add(ordinal);
          const score = (field === 'meta' ? 3 : 1) * (index_ === 0 ? 1 : 0.6) * (1 - (0.5 * rank) / ordinals.length);
          best[ordinal] = Math.max(best[ordinal]!, score);
        });
      });
      best.forEach((score, ordinal) => (termScores[ordinal]! += score));
    }
    const weight = inverseFrequency(held.size, catalog.size);
    termScores.forEach((score, ordinal) => (scores[ordinal]! += weight * score));
  }
  return scores;
}

describe('word scores', () => {
  const catalog = new Catalog();
  const index = new KeywordIndex();
  addTexts(catalog, index, 0, TEXTS.length);
  const scoresOf = (query: string, wordMatch: 'all' | 'any' = 'all'): number[] => scoresIn(catalog, index, query, wordMatch);
  const expected = (queryWords: string[]): number[] => expectedIn(catalog, index, queryWords);

  it('are the formula over every message, in either word match', () => {
    expect(scoresOf('fixed buffers', 'any')).toEqual(expected(['fixed', 'buffers']));
    expect(scoresOf('registered buffer files', 'any')).toEqual(expected(['registered', 'buffer', 'files']));
  });

  it('do not depend on the evaluations before', () => {
    const first = scoresOf('fixed buffers');
    scoresOf('ring teardown memory', 'any');
    scoresOf('cancel -timeout');
    scoresOf('buffered reads', 'any');
    expect(scoresOf('fixed buffers')).toEqual(first);
  });

  it('are the formula for a word held in one field and form only', () => {
    expect(scoresOf('nothing note', 'any')).toEqual(expected(['nothing', 'note']));
    expect(scoresOf('leaks memory', 'any')).toEqual(expected(['leaks', 'memory']));
  });

  it('stay the formula while the archive grows between evaluations (an import meanwhile)', () => {
    const growing = new Catalog();
    const growingIndex = new KeywordIndex();
    addTexts(growing, growingIndex, 0, 2);
    expect(scoresIn(growing, growingIndex, 'fixed buffers', 'any')).toEqual(expectedIn(growing, growingIndex, ['fixed', 'buffers']));
    addTexts(growing, growingIndex, 2, TEXTS.length);
    expect(scoresIn(growing, growingIndex, 'fixed buffers', 'any')).toEqual(expectedIn(growing, growingIndex, ['fixed', 'buffers']));
    expect(scoresIn(growing, growingIndex, 'cancel read', 'any')).toEqual(expectedIn(growing, growingIndex, ['cancel', 'read']));
  });

  it('are the formula for words in most messages and in few, in several forms in both fields', () => {
    // "fixed" and its other forms are in nearly every message, "buffers" and its in a few: the sums read a common
    // word's scores by passing over every message, a rare one's through the list of its messages.
    const wide = new Catalog();
    const wideIndex = new KeywordIndex();
    const subjects = ['fixes for rings', 'fixed rings', 'ring notes'];
    const texts = Array.from({ length: 64 }, (_, ordinal): [string, string] => {
      const body = ordinal < 60 ? (ordinal % 2 === 1 ? 'the fix is fixing it' : 'fixed here') : 'nothing';
      const isRare = ordinal === 5 || ordinal === 40;
      const subject = `${subjects[ordinal % 3]!}${ordinal === 40 ? ' buffer' : ordinal === 41 ? ' buffers buffered' : ''}`;
      return [subject, isRare ? `${body} buffers buffered` : body];
    });
    addMessages(wide, wideIndex, 0, texts);
    for (const query of ['fixed buffers', 'rings fixed', 'buffer notes', 'fixing']) {
      const queryWords = query.split(' ');
      expect(scoresIn(wide, wideIndex, query, 'any')).toEqual(expectedIn(wide, wideIndex, queryWords));
      expect(scoresIn(wide, wideIndex, query, 'all')).toEqual(expectedIn(wide, wideIndex, queryWords));
    }
  });
});
