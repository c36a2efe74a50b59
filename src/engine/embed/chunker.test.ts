// Chunking real list mail (usrp-users) into overlapping passages of subject + own text and attachment text.
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, test } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { chunkMessage, cleanSubject, estimateTokens, type ChunkableMessage } from './chunker';
import { stripReplies } from '../../shared/mail/replyParts';

let messages: ChunkableMessage[] = [];

beforeAll(async () => {
  const raw = await readCorpusMessages('usrp-users-list.mbox.gz', 200);
  const parsed = await Promise.all(raw.map((message) => simpleParser(message.subarray(message.indexOf(10) + 1))));
  messages = parsed.map((message) => ({ subject: message.subject ?? '', body: message.text ?? '' }));
});

/** The corpus message with the most words of its own, to get several passages. */
function longestMessage(): ChunkableMessage {
  const sorted = [...messages].sort((left, right) => estimateTokens(stripReplies(right.body)) - estimateTokens(stripReplies(left.body)));
  return sorted[0]!;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** The largest k for which the last k words of `before` are the first k words of `after`. */
function longestOverlap(before: string[], after: string[]): number {
  for (let size = Math.min(before.length, after.length, 120); size > 0; size -= 1) {
    if (after.slice(0, size).join(' ') === before.slice(-size).join(' ')) return size;
  }
  return 0;
}

describe('chunkMessage on real mail', () => {
  test("a short reply is one chunk: the cleaned subject, then only the author's text", () => {
    const message = messages.find((candidate) => candidate.body.includes('Just my 2cents'))!;
    const chunks = chunkMessage(message);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.origin).toBe('subject+body');
    expect(chunks[0]!.index).toBe(0);
    expect(chunks[0]!.text).toMatch(/^E312 wrong sample rate\n\nJust my 2cents/);
    expect(chunks[0]!.text).not.toContain('master_clock_rate');
  });

  test('a long message becomes overlapping passages of 300-500 tokens that cover every word', () => {
    const message = longestMessage();
    const own = wordsOf(stripReplies(message.body));
    expect(estimateTokens(own.join(' '))).toBeGreaterThan(1_000);
    const subjectWords = wordsOf(cleanSubject(message.subject)).length;
    const chunks = chunkMessage(message);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));

    const passages = chunks.map((chunk) => wordsOf(chunk.text).slice(subjectWords));
    for (const [index, passage] of passages.entries()) {
      const tokens = estimateTokens(passage.join(' ')) + Math.ceil(subjectWords * 1.3);
      expect(tokens).toBeLessThanOrEqual(502);
      if (index < passages.length - 1) expect(tokens).toBeGreaterThanOrEqual(298);
    }
    // Each passage starts with the previous one's last words (the overlap), and the passages rebuild the text exactly.
    const rebuilt = [...passages[0]!];
    for (const passage of passages.slice(1)) {
      const overlap = longestOverlap(rebuilt, passage);
      expect(overlap).toBeGreaterThan(20);
      expect(overlap).toBeLessThan(60);
      rebuilt.push(...passage.slice(overlap));
    }
    expect(rebuilt).toEqual(own);
  });

  test('ends passages at a paragraph or sentence end when the window has one', () => {
    const message = longestMessage();
    const own = stripReplies(message.body);
    const subject = cleanSubject(message.subject);
    const chunks = chunkMessage(message);
    for (const chunk of chunks.slice(0, -1)) {
      const passage = chunk.text.slice(subject.length + 2);
      const after = own.slice(own.indexOf(passage) + passage.length);
      expect(/^\s*\n\s*\n/.test(after) || /[.!?:;]["')\]]*$/.test(passage)).toBe(true);
    }
  });

  test('attachment text follows the body, tagged with the file name, numbered on from the body', () => {
    const long = longestMessage();
    const chunks = chunkMessage({
      subject: 'Re: [USRP-users] Logs',
      body: 'Attached are the logs.\n\n-- \nAnn',
      attachments: [{ filename: 'uhd log.txt', text: long.body }],
    });
    expect(chunks[0]).toEqual({ text: 'Logs\n\nAttached are the logs.', origin: 'subject+body', index: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.origin).toEqual({ attachment: 'uhd log.txt' });
      expect(chunk.text.startsWith('uhd log.txt\n\n')).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
  });
});

describe('chunkMessage limits and edges', () => {
  test('caps the passages per source', () => {
    const text = Array.from({ length: 5_000 }, (_, index) => `word${index}`).join(' ');
    const chunks = chunkMessage({ subject: 's', body: text, attachments: [{ filename: 'big.pdf', text }] }, { maxChunksPerSource: 3 });
    expect(chunks.filter((chunk) => chunk.origin === 'subject+body')).toHaveLength(3);
    expect(chunks.filter((chunk) => chunk.origin !== 'subject+body')).toHaveLength(3);
  });

  test('bounds passages by characters when words are long, still covering every word', () => {
    const hexDump = Array.from({ length: 400 }, (_, index) => `0x${index.toString(16).padStart(4, '0')}${'deadbeef'.repeat(3)}`).join(' ');
    const chunks = chunkMessage({ subject: '', body: hexDump });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(3_000);
    expect(chunks.at(-1)!.text.endsWith('0x018fdeadbeefdeadbeefdeadbeef')).toBe(true);
  });

  test('a subject with no body is one chunk; nothing at all is no chunk', () => {
    expect(chunkMessage({ subject: 'Fwd: lunch?', body: '> quoted only' })).toEqual([{ text: 'lunch?', origin: 'subject+body', index: 0 }]);
    expect(chunkMessage({ subject: '', body: '  \n' })).toEqual([]);
  });

  test('cleanSubject drops reply and forward prefixes and list tags, however stacked', () => {
    expect(cleanSubject('Re: [USRP-users] Fwd: E312 wrong sample rate')).toBe('E312 wrong sample rate');
    expect(cleanSubject('RE[2]: AW:  Budget   2024')).toBe('Budget 2024');
    expect(cleanSubject('Release notes: UHD 4.6')).toBe('Release notes: UHD 4.6');
  });
});
