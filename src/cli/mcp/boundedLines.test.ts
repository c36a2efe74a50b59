// Lines from a byte stream however it is cut into chunks, with lines over the limit refused and the next ones kept.
import { describe, expect, it } from 'vitest';
import { BoundedLines, type LineEvent } from './boundedLines';

function read(chunks: string[], maxLineBytes: number): LineEvent[] {
  const lines = new BoundedLines(maxLineBytes);
  return chunks.flatMap((chunk) => lines.push(Buffer.from(chunk)));
}

describe('BoundedLines', () => {
  it('gives the same lines wherever the stream is cut, CRLF or LF, multi-byte characters split across chunks', () => {
    const text = 'one\r\ntwo é 東京\n\nthree\n';
    const whole = read([text], 100);
    expect(whole).toEqual([
      { kind: 'line', text: 'one' },
      { kind: 'line', text: 'two é 東京' },
      { kind: 'line', text: '' },
      { kind: 'line', text: 'three' },
    ]);
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const lines = new BoundedLines(100);
      expect([...lines.push(bytes.subarray(0, cut)), ...lines.push(bytes.subarray(cut))]).toEqual(whole);
    }
  });

  it('keeps a line of exactly the limit and refuses one byte more, counting all of it, then reads on', () => {
    expect(read(['abcd\n'], 4)).toEqual([{ kind: 'line', text: 'abcd' }]);
    expect(read(['abc', 'de', 'fgh', 'ij\nok\n'], 4)).toEqual([
      { kind: 'too-long', bytes: 10 },
      { kind: 'line', text: 'ok' },
    ]);
  });

  it('keeps a line without its line break until the break arrives', () => {
    const lines = new BoundedLines(10);
    expect(lines.push(Buffer.from('{"a":'))).toEqual([]);
    expect(lines.push(Buffer.from('1}\n'))).toEqual([{ kind: 'line', text: '{"a":1}' }]);
  });
});
