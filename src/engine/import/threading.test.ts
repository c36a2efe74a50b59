// Thread assignment: Gmail ids, References chains in any order, and subject fallback for replies without headers.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { Catalog } from '../index/catalog';
import { normalizeMessage } from './normalize';
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

  it("reads the stored mail's subjects ahead of an import, in turns, and a reply then joins the thread of its subject", async () => {
    const catalog = new Catalog();
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 40);
    for (const [offset, bytes] of messages.entries()) {
      const { record } = await normalizeMessage(bytes, {
        sourceId: 'usrp',
        sourceFile: 'usrp.mbox',
        offset,
        placement: { folder: null, labels: [] },
        defaultFolder: 'usrp',
      });
      catalog.add({ ...record, threadId: `stored-${offset}` });
    }
    const ordinal = Array.from({ length: catalog.size }, (_, index) => index).find(
      (index) => subjectKey(catalog.subject(index)).key.length >= 4,
    )!;
    const resolver = new ThreadResolver(catalog);
    await resolver.prepare();
    const reply = resolver.resolve('late-reply@x', 'l', hints([], `Re: ${subjectKey(catalog.subject(ordinal)).key}`));
    expect(reply).toBe(catalog.threadId(ordinal));
  });

  it('forgets the pending messages the catalog has taken, and their replies still join their threads', async () => {
    const catalog = new Catalog();
    const [first] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const { record } = await normalizeMessage(first!, testNormalizeContext);
    const resolver = new ThreadResolver(catalog);
    const threads: string[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const messageId = `m${index}@x`;
      const threadId = resolver.resolve(messageId, messageId, hints([], `Topic ${index}`));
      threads.push(threadId);
      // The batch writer stores messages a batch behind the import's reading.
      if (index >= 500) {
        const stored = index - 500;
        catalog.add({ ...record, id: `id${stored}`, messageId: `m${stored}@x`, threadId: threads[stored]! });
      }
    }
    expect(resolver.pending).toBeLessThan(4096 + 500);
    // A reply to a stored message (forgotten by the resolver) and to one still pending both find their threads.
    expect(resolver.resolve('late1@x', 'l1', hints(['m10@x'], 'Re: Topic 10'))).toBe(threads[10]);
    expect(resolver.resolve('late2@x', 'l2', hints(['m9999@x'], 'Re: Topic 9999'))).toBe(threads[9999]);
  });

  it("gives the replies to a Message-ID two messages carry the first one's thread, before and after both are stored", async () => {
    const catalog = new Catalog();
    const [mail] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const { record } = await normalizeMessage(mail!, testNormalizeContext);
    const resolver = new ThreadResolver(catalog);
    const first = resolver.resolve('same@x', 'a', hints(['root-a@x'], 'Re: Alpha'));
    const second = resolver.resolve('same@x', 'b', hints(['root-b@x'], 'Re: Beta'));
    expect(second).not.toBe(first);
    const whilePending = resolver.resolve('reply1@x', 'r1', hints(['same@x'], 'Re: Alpha'));
    // The batch writer stores them in the order they were read; enough more messages make the resolver forget them.
    catalog.add({ ...record, id: 'id-a', messageId: 'same@x', threadId: first });
    catalog.add({ ...record, id: 'id-b', messageId: 'same@x', threadId: second });
    for (let index = 0; index < 5_000; index += 1) resolver.resolve(`filler${index}@x`, `f${index}`, hints([], `Filler ${index}`));
    const afterStored = resolver.resolve('reply2@x', 'r2', hints(['same@x'], 'Re: Alpha'));
    expect([whilePending, afterStored]).toEqual([first, first]);
  });
});
