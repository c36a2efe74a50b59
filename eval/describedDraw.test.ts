// The described set's draw: which lines count as a mail's own, and that a seed always draws the same mails.
import { describe, expect, test } from 'vitest';
import { drawMessages, ownLineCount } from './describedDraw';
import type { SliceMessage } from './sliceMessages';

const FOOTER = ['_______________________________________________', 'USRP-users mailing list', 'USRP-users@lists.ettus.com'];

const mail = (messageId: string, lines: string[]): SliceMessage => ({
  messageId,
  copyMessageIds: [],
  from: 'Someone <someone@example.com>',
  subject: `Re: ${messageId}`,
  text: lines.join('\n'),
});

describe('own lines', () => {
  test('leave out quotes, the attribution, the signature and a list footer', () => {
    const text = [
      'On Mon, 1 Jan 2020, Marcus wrote:',
      '> quoted question',
      '  > quoted deeper',
      '',
      'Thanks, that fixed it.',
      'Rob',
      '-- ',
      'Rob Kossler',
      'University of Notre Dame',
      ...FOOTER,
    ].join('\n');
    expect(ownLineCount(text)).toBe(2);
  });

  test('count every line of a mail with none of those', () => {
    expect(ownLineCount('one\ntwo\n\nthree')).toBe(3);
    expect(ownLineCount(['one', 'two', ...FOOTER].join('\n'))).toBe(2);
  });
});

describe('the draw', () => {
  const messages = Array.from({ length: 40 }, (_, index) =>
    mail(`m${String(index).padStart(2, '0')}@example.com`, index % 4 === 0 ? ['thanks', ...FOOTER] : ['a', 'b', 'c']),
  );

  test('takes only mails with three lines of their own, the same ones for the same seed in any input order', () => {
    const drawn = drawMessages(messages, 26, 10).map((message) => message.messageId);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    expect(drawn.every((id) => Number(id.slice(1, 3)) % 4 !== 0)).toBe(true);
    expect(drawMessages([...messages].reverse(), 26, 10).map((message) => message.messageId)).toEqual(drawn);
    expect(drawMessages(messages, 27, 10).map((message) => message.messageId)).not.toEqual(drawn);
  });

  test('draws every candidate once when asked for more than there are', () => {
    expect(drawMessages(messages, 26, 100)).toHaveLength(30);
  });
});
