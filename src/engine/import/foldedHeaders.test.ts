// A header folded across lines names the same label, folder and thread as the same header on one line.
import { describe, expect, it } from 'vitest';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { normalizeMessage } from './normalize';
import { unfoldHeader } from './unfoldHeader';

const context = testNormalizeContext;

function message(lineEnd: string, headers: string[]): Buffer {
  return Buffer.from(
    [`From: Ada <ada@example.com>`, 'Subject: Folding', 'Message-ID: <folding@example.com>', ...headers, '', 'Body.', ''].join(lineEnd),
  );
}

async function placeOf(bytes: Buffer): Promise<{ labels: string[]; folder: string; thread: string }> {
  const { record, threadHints } = await normalizeMessage(bytes, context);
  return { labels: JSON.parse(record.labelsJson) as string[], folder: record.folder, thread: threadHints.gmailThreadId };
}

describe('folded headers', () => {
  it('unfold as RFC 5322 says: the line break goes, the space or tab after it stays', () => {
    expect(unfoldHeader('Inbox,Org announc\r\n    chrts')).toBe('Inbox,Org announc    chrts');
    expect(unfoldHeader('a\n\tb\r c')).toBe('a\tb c');
    expect(unfoldHeader('no fold')).toBe('no fold');
  });

  for (const [name, lineEnd] of [
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ] as const) {
    it(`give one label, folder and thread wherever they were folded (${name} line ends)`, async () => {
      const unfolded = await placeOf(
        message(lineEnd, [
          'X-Gmail-Labels: Inbox,Org announc    chrts,Starred',
          'X-Folder: Archive\\Team  notes',
          'X-GM-THRID: 1790000000000000001',
        ]),
      );
      const folded = await placeOf(
        message(lineEnd, [
          `X-Gmail-Labels: Inbox,Org announc${lineEnd}    chrts,Starred`,
          `X-Folder: Archive\\Team${lineEnd}  notes`,
          `X-GM-THRID:${lineEnd} 1790000000000000001`,
        ]),
      );
      expect(unfolded).toEqual({
        labels: ['Inbox', 'Org announc    chrts', 'Starred'],
        folder: 'Archive/Team  notes',
        thread: '1790000000000000001',
      });
      expect(folded).toEqual(unfolded);
    });
  }

  it('read UTF-8 labels and every X-Gmail-Labels header a message carries', async () => {
    const bytes = message('\r\n', ['X-Gmail-Labels: Inbox,Árvíztűrő\r\n tükörfúrógép', 'X-Gmail-Labels: "Projects, 2024",Important']);
    expect((await placeOf(bytes)).labels).toEqual(['Inbox', 'Árvíztűrő tükörfúrógép', 'Projects, 2024', 'Important']);
  });
});
