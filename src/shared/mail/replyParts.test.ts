// Reply parts on real list mail (usrp-users) and written cases: quotes, attributions, Outlook headers, list footers, signatures.
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, test } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { splitReplies, stripReplies } from './replyParts';

let bodies: string[] = [];

beforeAll(async () => {
  const raw = await readCorpusMessages('usrp-users-list.mbox.gz', 40);
  // Each raw message starts with its mbox "From " line, which is not a header.
  const parsed = await Promise.all(raw.map((message) => simpleParser(message.subarray(message.indexOf(10) + 1))));
  bodies = parsed.map((message) => message.text ?? '');
});

function bodyContaining(phrase: string): string {
  const body = bodies.find((text) => text.includes(phrase));
  if (body === undefined) throw new Error(`stripReplies test: no corpus message contains "${phrase}"`);
  return body;
}

describe('stripReplies on real replies', () => {
  test('drops ">" quotes and a wrapped "On ... wrote:" attribution, keeps the reply', () => {
    const stripped = stripReplies(bodyContaining('Just my 2cents'));
    expect(stripped).toMatch(/^Just my 2cents/);
    expect(stripped).toContain('the ADC aliases that energy back in.');
    expect(stripped).not.toContain('wrote:');
    expect(stripped).not.toContain('master_clock_rate');
    expect(stripped).not.toMatch(/^\s*>/m);
  });

  test('cuts at "-----Original Message-----" and keeps the unmarked signature above it', () => {
    const stripped = stripReplies(bodyContaining('Daniel P. Lundberg'));
    expect(stripped).toContain('Hope that helps,');
    expect(stripped).not.toContain('Original Message');
    expect(stripped).not.toContain('Hey all');
  });

  test('cuts at an Outlook From:/Sent: header under a rule', () => {
    const stripped = stripReplies(bodyContaining('What is the benefit to running at a slower rate?'));
    expect(stripped).toMatch(/What is the benefit to running at a slower rate\?$/);
    expect(stripped).not.toContain('From: USRP-users');
    expect(stripped).not.toContain('I was debugging');
  });

  test('leaves no list footer and no quoted line in any of the first 40 messages', () => {
    for (const body of bodies) {
      const stripped = stripReplies(body);
      expect(stripped).not.toContain('mailman/listinfo');
      expect(stripped).not.toMatch(/^\s*>/m);
    }
  });
});

describe('stripReplies on written cases', () => {
  test('cuts at the "-- " signature delimiter', () => {
    expect(stripReplies('The fix is in UHD 4.1.\n\n-- \nJane Doe\nEttus Research')).toBe('The fix is in UHD 4.1.');
  });

  test('keeps a Gmail forward, whose header uses Date: rather than Sent:', () => {
    const body = 'See below.\n\n---------- Forwarded message ---------\nFrom: Ann <ann@example.com>\nDate: Mon, 1 Apr 2024\n\nThe B210 arrived.';
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
  const nonBlankLines = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

  test('keeps every line of the first 40 messages, in order, and its own parts are what stripReplies keeps', () => {
    for (const body of bodies) {
      const parts = splitReplies(body);
      expect(parts.flatMap((part) => nonBlankLines(part.text))).toEqual(nonBlankLines(body));
      const own = parts.filter((part) => part.kind === 'own').flatMap((part) => nonBlankLines(part.text));
      expect(own.map((line) => line.trimEnd())).toEqual(nonBlankLines(stripReplies(body)));
    }
  });

  test('folds an inline reply\'s quotes one by one, with their attribution, and the signature with what follows', () => {
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
      { kind: 'folded', text: 'On Tue, Mar 5, 2024 at 10:00 AM Jens Axboe <axboe@kernel.dk>\nwrote:\n> The ring is full.\n>\n> Retry later?' },
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
