// Splits query text into tokens with spans; never throws, reports unbalanced quotes.
import type { Diagnostic, ParsedQuery, Span } from './ast';

export type Token =
  | { kind: 'open'; bracket: '(' | '{'; span: Span }
  | { kind: 'close'; bracket: ')' | '}'; span: Span }
  | { kind: 'minus'; span: Span }
  /** A word or a quoted phrase; `operator` is set when the word had the form name:value. */
  | { kind: 'word'; text: string; quoted: boolean; operator: string | null; valueQuoted: boolean; span: Span };

const BREAKS = new Set([' ', '\t', '\n', '\r', '(', ')', '{', '}']);

function readQuoted(text: string, start: number, diagnostics: Diagnostic[]): { value: string; end: number } {
  const close = text.indexOf('"', start + 1);
  if (close === -1) {
    diagnostics.push({
      severity: 'warning',
      message: 'Unclosed quote: closed at the end of the query',
      span: { start, end: text.length },
    });
    return { value: text.slice(start + 1), end: text.length };
  }
  return { value: text.slice(start + 1, close), end: close + 1 };
}

export function tokenize(text: string, diagnostics: Diagnostic[]): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const character = text[position]!;
    if (character === ' ' || character === '\t' || character === '\n' || character === '\r') {
      position += 1;
      continue;
    }
    if (character === '(' || character === '{') {
      tokens.push({ kind: 'open', bracket: character, span: { start: position, end: position + 1 } });
      position += 1;
      continue;
    }
    if (character === ')' || character === '}') {
      tokens.push({ kind: 'close', bracket: character, span: { start: position, end: position + 1 } });
      position += 1;
      continue;
    }
    const next = text[position + 1];
    // A minus negates the word, phrase or bracketed group right after it; alone it is just a word.
    if (character === '-' && next !== undefined && (!BREAKS.has(next) || next === '(' || next === '{')) {
      tokens.push({ kind: 'minus', span: { start: position, end: position + 1 } });
      position += 1;
      continue;
    }
    if (character === '"') {
      const { value, end } = readQuoted(text, position, diagnostics);
      tokens.push({ kind: 'word', text: value, quoted: true, operator: null, valueQuoted: false, span: { start: position, end } });
      position = end;
      continue;
    }
    const start = position;
    while (position < text.length && !BREAKS.has(text[position]!) && text[position] !== ':' && text[position] !== '"') {
      position += 1;
    }
    if (text[position] === ':' && position > start) {
      const operator = text.slice(start, position);
      position += 1;
      if (text[position] === '"') {
        const { value, end } = readQuoted(text, position, diagnostics);
        tokens.push({ kind: 'word', text: value, quoted: false, operator, valueQuoted: true, span: { start, end } });
        position = end;
        continue;
      }
      const valueStart = position;
      while (position < text.length && !BREAKS.has(text[position]!)) position += 1;
      tokens.push({
        kind: 'word',
        text: text.slice(valueStart, position),
        quoted: false,
        operator,
        valueQuoted: false,
        span: { start, end: position },
      });
      continue;
    }
    while (position < text.length && !BREAKS.has(text[position]!)) position += 1;
    tokens.push({
      kind: 'word',
      text: text.slice(start, position),
      quoted: false,
      operator: null,
      valueQuoted: false,
      span: { start, end: position },
    });
  }
  return tokens;
}

/** The tokens a parse carries when it is of `text`: a parse of other text would put its spans over the wrong characters. */
export function tokensOf(text: string, parsed: ParsedQuery): Token[] {
  return parsed.text === text ? parsed.tokens : tokenize(text, []);
}
