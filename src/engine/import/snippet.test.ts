// The preview line: the first new words of a message, quoted replies and their attribution left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippet';

/** The definition: the first 200 lines without quotes or attributions, joined, whitespace collapsed, cut at 200. */
function definedSnippet(text: string): string {
  const lines = text.split('\n', 200).filter((line) => !line.startsWith('>') && !/^On .+wrote:\s*$/.test(line.trim()));
  const collapsed = lines.join(' ').replace(/\s+/g, ' ').trim();
  return collapsed.length > 200 ? `${collapsed.slice(0, 199)}…` : collapsed;
}

const line = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.constantFrom('> quoted', '>> deeper', 'On Mon, Jan 8, 2024 Ada wrote:', '  On Tue Bob wrote:  ', '', '   ', '\t\r', 'x'.repeat(300)),
);

describe('makeSnippet', () => {
  it('starts with the new text, skipping quotes and the line introducing them', () => {
    const text = 'On Mon, 8 Jan 2024, Ada wrote:\n> Does SQPOLL help?\n> Maybe.\n\nYes:  it  does.\n\tThanks\n';
    expect(makeSnippet(text)).toBe('Yes: it does. Thanks');
  });

  it('cuts long text at 200 characters with an ellipsis and reads no further than needed', () => {
    const text = `${'word '.repeat(100)}\n`.repeat(10_000);
    const snippet = makeSnippet(text);
    expect(snippet).toHaveLength(200);
    expect(snippet.endsWith('word…')).toBe(true);
    // 200 characters and a space so far: the next line still decides that the text goes on.
    expect(makeSnippet(`${'a'.repeat(200)} \nmore`)).toBe(`${'a'.repeat(199)}…`);
    expect(makeSnippet(`${'a'.repeat(200)} \n> quoted`)).toBe('a'.repeat(200));
  });

  it('gives what the definition gives for any lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 260 }), (lines) => {
        const text = lines.join('\n');
        expect(makeSnippet(text)).toBe(definedSnippet(text));
      }),
    );
  });
});
