// The terminal sanitiser: no character that a terminal acts on survives, and ordinary text is left exactly as it was.
import { describe, expect, it } from 'vitest';
import { forTerminal, forTerminalLine, jsonForTerminal } from './terminalText';

// eslint-disable-next-line no-control-regex -- the characters a terminal acts on, which must never be printed.
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('forTerminal', () => {
  it.each([
    ['a colour sequence', 'Invoice \x1b[31mOVERDUE\x1b[0m', 'Invoice ␛[31mOVERDUE␛[0m'],
    ['an OSC 8 hyperlink ended by BEL', '\x1b]8;;http://evil\x07click here\x1b]8;;\x07', '␛]8;;http://evil␇click here␛]8;;␇'],
    ['a window title', '\x1b]0;pwned\x07', '␛]0;pwned␇'],
    ['BEL and NUL', 'ring\x07 nul\x00', 'ring␇ nul␀'],
    ['a C1 control sequence introducer', 'a\x9b2Jb', 'a\ufffd2Jb'],
    ['a right-to-left override', 'invoice\u202efdp.exe', 'invoice\ufffdfdp.exe'],
    ['bidi isolates', 'x\u2066y\u2069z', 'x\ufffdy\ufffdz'],
    ['backspace and DEL', 'safe\b\b\b\bevil\x7f', 'safe␈␈␈␈evil␡'],
    ['a carriage return that would overwrite the line', 'rm -rf /\rls', 'rm -rf /␍ls'],
  ])('shows %s as symbols', (_case, text, expected) => {
    expect(forTerminal(text)).toBe(expected);
    expect(forTerminal(text)).not.toMatch(ACTIVE);
  });

  it('keeps line feeds and tabs, turns CRLF into LF, and leaves other text alone', () => {
    expect(forTerminal('Hello,\r\n\tthe plan:\nDéjà vu — 東京 📎 עברית')).toBe('Hello,\n\tthe plan:\nDéjà vu — 東京 📎 עברית');
  });

  it('is safe on text cut anywhere (a streamed answer): every piece is clean', () => {
    const text = 'a\x1b]8;;http://evil\x07b\x1b[2Jc';
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(forTerminal(text.slice(0, cut)) + forTerminal(text.slice(cut))).toBe(forTerminal(text));
    }
  });

  it('never leaves an active character whatever the input', () => {
    const everything = Array.from({ length: 0x2100 }, (_, code) => String.fromCharCode(code)).join('');
    expect(forTerminal(everything)).not.toMatch(ACTIVE);
    expect(forTerminalLine(everything)).not.toMatch(ACTIVE);
    expect(forTerminalLine(everything)).not.toMatch(/[\n\t]/);
  });
});

describe('forTerminalLine', () => {
  it('puts a field on one line: line breaks and tabs become spaces, controls become symbols', () => {
    expect(forTerminalLine('Re: budget\r\n\tFrom: ceo@example.com\n\x1b[8m')).toBe('Re: budget  From: ceo@example.com ␛[8m');
  });
});

describe('jsonForTerminal', () => {
  it('escapes what JSON.stringify leaves raw, and the JSON still parses to the exact value', () => {
    const value = { subject: 'a\u009b2J\u202eb\x7f\x1b', names: ['東京 📎'] };
    const json = jsonForTerminal(JSON.stringify(value));
    expect(json).toBe('{"subject":"a\\u009b2J\\u202eb\\u007f\\u001b","names":["東京 📎"]}');
    expect(json).not.toMatch(ACTIVE);
    expect(JSON.parse(json)).toEqual(value);
  });
});
