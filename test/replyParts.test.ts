// Reply parts on real list mail (usrp-users): quotes, attributions, Outlook headers, list footers, signatures. Here and
// not beside src/shared/mail/replyParts.ts, because reading the corpus needs Node, which src/shared may not use.
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, test } from 'vitest';
import { readCorpusMessages } from './corpus';
import { splitReplies, stripReplies } from '../src/shared/mail/replyParts';

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

describe('splitReplies on real replies', () => {
  const nonBlankLines = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

  test('keeps every line of the first 40 messages, in order, and its own parts are what stripReplies keeps', () => {
    for (const body of bodies) {
      const parts = splitReplies(body);
      expect(parts.flatMap((part) => nonBlankLines(part.text))).toEqual(nonBlankLines(body));
      const own = parts.filter((part) => part.kind === 'own').flatMap((part) => nonBlankLines(part.text));
      expect(own.map((line) => line.trimEnd())).toEqual(nonBlankLines(stripReplies(body)));
    }
  });
});
