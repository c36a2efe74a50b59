// Reply parts on written cases: quotes, attributions, Outlook headers, signatures (test/replyParts.test.ts reads real mail).
import { describe, expect, test } from 'vitest';
import { splitReplies, stripReplies } from './replyParts';

describe('stripReplies on written cases', () => {
  test('cuts at the "-- " signature delimiter', () => {
    expect(stripReplies('The fix is in UHD 4.1.\n\n-- \nJane Doe\nEttus Research')).toBe('The fix is in UHD 4.1.');
  });

  test('keeps a Gmail forward, whose header uses Date: rather than Sent:', () => {
    const body =
      'See below.\n\n---------- Forwarded message ---------\nFrom: Ann <ann@example.com>\nDate: Mon, 1 Apr 2024\n\nThe B210 arrived.';
    expect(stripReplies(body)).toContain('The B210 arrived.');
  });

  test('keeps a sentence that merely starts with "On"', () => {
    expect(stripReplies('On the X310 the clock is 200 MHz.\nThat is fixed.')).toBe('On the X310 the clock is 200 MHz.\nThat is fixed.');
  });

  test('handles CRLF line ends and collapses the gaps quotes leave', () => {
    expect(stripReplies('Yes.\r\n\r\n> old\r\n> text\r\n\r\n\r\nAgreed.\r\n')).toBe('Yes.\n\nAgreed.');
  });
});

describe('splitReplies', () => {
  test("folds an inline reply's quotes one by one, with their attribution, and the signature with what follows", () => {
    const body = [
      'On Tue, Mar 5, 2024 at 10:00 AM Jens Axboe <axboe@kernel.dk>',
      'wrote:',
      '> The ring is full.',
      '>',
      '> Retry later?',
      '',
      'No, wait for a completion.',
      '',
      '> And the timeout?',
      '',
      'Keep it.',
      '',
      '-- ',
      'Pavel',
    ].join('\n');
    expect(splitReplies(body)).toEqual([
      {
        kind: 'folded',
        text: 'On Tue, Mar 5, 2024 at 10:00 AM Jens Axboe <axboe@kernel.dk>\nwrote:\n> The ring is full.\n>\n> Retry later?',
      },
      { kind: 'own', text: 'No, wait for a completion.' },
      { kind: 'folded', text: '> And the timeout?' },
      { kind: 'own', text: 'Keep it.' },
      { kind: 'folded', text: '-- \nPavel' },
    ]);
  });

  test('folds an Outlook "Original Message" chain whole, blank lines inside it too', () => {
    const body = 'Thanks, done.\r\n\r\n-----Original Message-----\r\nFrom: Ann\r\n\r\nPlease send the file.\r\n';
    expect(splitReplies(body)).toEqual([
      { kind: 'own', text: 'Thanks, done.' },
      { kind: 'folded', text: '-----Original Message-----\nFrom: Ann\n\nPlease send the file.' },
    ]);
  });

  test('a body with nothing to fold is one own part; an empty body has no parts', () => {
    expect(splitReplies('\n\nHello.\n\nBye.\n')).toEqual([{ kind: 'own', text: 'Hello.\n\nBye.' }]);
    expect(splitReplies('')).toEqual([]);
  });
});
