// A query that repeats a mail's whole subject (with or without Re: and its [list] tag) ranks that mail above mails
// that only hold the same common words.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../shared/query/parse';
import { Catalog } from '../index/catalog';
import { KeywordIndex } from '../index/keywordIndex';
import type { CatalogRow } from '../store/messageRecord';
import { setBits } from './bitset';
import { Evaluator } from './evaluate';
import { isWholeSubject } from './subjectMatch';

const SUBJECTS = [
  '[USRP-users] X310 timed commands with USRP hardware',
  '[USRP-users] USRP X310 lockups on USRP X310 with UHD',
  'Re: [USRP-users] USRP X310',
  '[USRP-users] Fwd: USRP X310 and B210 on one host',
];

function row(ordinal: number): CatalogRow {
  return {
    ...{ id: `m${ordinal}`, messageId: `m${ordinal}@x`, threadId: `t${ordinal}`, subject: SUBJECTS[ordinal]!, date: ordinal },
    ...{ fromName: '', fromAddress: '', toJson: '[]', ccJson: '[]', bccJson: '[]', folder: 'Inbox', labelsJson: '[]' },
    ...{ attachmentsJson: '[]', attachmentCount: 0, parentId: '', size: 1, listId: '', isRead: true, isStarred: false, sourceId: 's' },
  };
}

describe('a whole subject as the query', () => {
  const catalog = new Catalog();
  const index = new KeywordIndex();
  SUBJECTS.forEach((subject, ordinal) => {
    catalog.add(row(ordinal));
    index.add(ordinal, {
      meta: subject
        .toLowerCase()
        .match(/[a-z0-9]+/g)!
        .join(' '),
      content: 'usrp x310 text',
    });
  });
  const best = (query: string): number => {
    const { matches, scores } = new Evaluator(catalog, index).evaluate(parseQuery(query, { timeZone: 'UTC' }).root);
    return setBits(matches).sort((first, second) => scores[second]! - scores[first]! || first - second)[0]!;
  };

  it('ranks the mail with that subject first, pasted with or without its prefixes', () => {
    expect(best('USRP X310')).toBe(2);
    expect(best('Re: [USRP-users] USRP X310')).toBe(2);
    expect(best('[USRP-users] USRP X310')).toBe(2);
  });

  it('compares whole subjects, reply words and list tags aside', () => {
    expect(isWholeSubject('Re: Fwd: [list] Budget plan', 'budget plan')).toBe(true);
    expect(isWholeSubject('Re: [list] Budget plan', 'list budget plan')).toBe(true);
    expect(isWholeSubject('Budget plan for 2024', 'budget plan')).toBe(false);
  });
});
