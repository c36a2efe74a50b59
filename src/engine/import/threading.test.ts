// Thread assignment: Gmail ids, References chains in any order, and subject fallback for replies without headers.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import { subjectKey, threadHash, ThreadResolver } from './threading';

const hints = (ancestors: string[], subject: string, gmailThreadId = '') => ({ ancestors, subject, gmailThreadId });

describe('subjectKey', () => {
  it.each([
    ['Re: [USRP-users] B210 overheating', 'b210 overheating', true],
    ['[USRP-users] Re: B210 overheating', 'b210 overheating', true],
    ['AW: RE: Fwd: Budget', 'budget', true],
    ['Fwd: Budget', 'budget', false],
    ['Budget  review', 'budget review', false],
  ])('%s', (subject, key, isReply) => {
    expect(subjectKey(subject)).toEqual({ key, isReply });
  });
});

describe('ThreadResolver', () => {
  it('uses Gmail thread ids when present', () => {
    expect(new ThreadResolver(new Catalog()).resolve('a@x', 'a', hints(['root@x'], 'Hi', '123'))).toBe('gm123');
  });

  it('gives a thread the same id whichever message comes first', () => {
    const forward = new ThreadResolver(new Catalog());
    const root = forward.resolve('root@x', 'r', hints([], 'Plan'));
    const reply = forward.resolve('reply@x', 'p', hints(['root@x'], 'Re: Plan'));
    const backward = new ThreadResolver(new Catalog());
    const replyFirst = backward.resolve('reply@x', 'p', hints(['root@x'], 'Re: Plan'));
    const rootSecond = backward.resolve('root@x', 'r', hints([], 'Plan'));
    expect(new Set([root, reply, replyFirst, rootSecond])).toEqual(new Set([threadHash('root@x')]));
  });

  it('joins a reply with a truncated References header to its known parent thread', () => {
    const resolver = new ThreadResolver(new Catalog());
    const root = resolver.resolve('root@x', 'r', hints([], 'Plan'));
    resolver.resolve('middle@x', 'm', hints(['root@x'], 'Re: Plan'));
    expect(resolver.resolve('late@x', 'l', hints(['middle@x'], 'Re: Plan'))).toBe(root);
  });

  it('puts a reply without any reference headers in the thread of its subject, but not a new mail with the same subject', () => {
    const resolver = new ThreadResolver(new Catalog());
    const root = resolver.resolve('root@x', 'r', hints([], 'Quarterly numbers'));
    expect(resolver.resolve('reply@x', 'p', hints([], 'Re: Quarterly numbers'))).toBe(root);
    expect(resolver.resolve('other@x', 'o', hints([], 'Quarterly numbers'))).not.toBe(root);
  });
});
