// Turns an Outlook RTF body into HTML (when the RTF wraps HTML, as Outlook does for HTML mail) or plain text.
import type { TextDecoder } from 'node:util';
import { decoderForCodepage } from './codepage';

/** Destinations whose text is never shown. */
const HIDDEN_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'header',
  'footer',
  'headerl',
  'headerr',
  'footerl',
  'footerr',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'themedata',
  'datastore',
  'latentstyles',
  'fldinst',
]);
const CHARACTER_WORDS = new Map(
  Object.entries({
    par: '\n',
    line: '\n',
    row: '\n',
    sect: '\n',
    page: '\n',
    tab: '\t',
    cell: '\t',
    emdash: '\u2014',
    endash: '\u2013',
    bullet: '\u2022',
    lquote: '\u2018',
    rquote: '\u2019',
    ldblquote: '\u201c',
    rdblquote: '\u201d',
  }),
);
/** \fcharset numbers to Windows code pages: each font's \'hh bytes are in its own charset (Chinese next to Korean). */
const CHARSET_CODEPAGES = new Map([
  [128, 932],
  [129, 949],
  [134, 936],
  [136, 950],
  [161, 1253],
  [162, 1254],
  [163, 1258],
  [177, 1255],
  [178, 1256],
  [186, 1257],
  [204, 1251],
  [222, 874],
  [238, 1250],
]);
const TOKEN = /\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z])|([{}])|([^\\{}\r\n]+)|[\r\n]+/g;

interface GroupState {
  isHidden: boolean;
  isHtmlTag: boolean;
  isRtfOnly: boolean;
  isFontTable: boolean;
  font: number;
  /** Characters to drop after a \u escape (the \ucN fallback). */
  unicodeSkip: number;
}

/**
 * Reads the RTF once: in HTML-wrapping RTF (\fromhtml1) the text inside \htmltag groups and outside \htmlrtf runs is
 * the original HTML; otherwise the visible text is the body.
 */
export function rtfToBody(rtf: string): { text: string; html: string } {
  const isHtml = /\\fromhtml1/.test(rtf.slice(0, 2048));
  let ansiCodepage = Number(/\\ansicpg(\d+)/.exec(rtf.slice(0, 2048))?.[1] ?? 1252);
  const fontCodepages = new Map<number, number>();
  const decoders = new Map<number, TextDecoder>();
  const decoderOf = (codepage: number): TextDecoder => {
    if (!decoders.has(codepage)) decoders.set(codepage, decoderForCodepage(codepage));
    return decoders.get(codepage)!;
  };
  const stack: GroupState[] = [];
  let state: GroupState = { isHidden: false, isHtmlTag: false, isRtfOnly: false, isFontTable: false, font: -1, unicodeSkip: 1 };
  let output = '';
  let pendingBytes: number[] = [];
  let pendingCodepage = ansiCodepage;
  let skipCount = 0;
  let definedFont = -1;
  /** Set by "\*": the next control word names a destination that readers who do not know it must skip. */
  let isIgnorableNext = false;
  const flushBytes = (): void => {
    if (pendingBytes.length > 0) output += decoderOf(pendingCodepage).decode(Uint8Array.from(pendingBytes));
    pendingBytes = [];
  };
  const shows = (): boolean => !state.isHidden && (state.isHtmlTag || !state.isRtfOnly);
  const emit = (text: string): void => {
    if (skipCount > 0) {
      const dropped = Math.min(skipCount, text.length);
      skipCount -= dropped;
      text = text.slice(dropped);
    }
    if (text === '' || !shows()) return;
    flushBytes();
    output += text;
  };
  const emitByte = (byte: number): void => {
    if (skipCount > 0) {
      skipCount -= 1;
      return;
    }
    if (!shows()) return;
    const codepage = fontCodepages.get(state.font) ?? ansiCodepage;
    if (codepage !== pendingCodepage) flushBytes();
    pendingCodepage = codepage;
    pendingBytes.push(byte);
  };
  const onWord = (word: string, value: number | null): void => {
    const isIgnorable = isIgnorableNext;
    isIgnorableNext = false;
    // \mhtmltag repeats a tag that \htmltag also holds (with its links rewritten), so only one is shown.
    if (word === 'htmltag') state.isHtmlTag = isHtml;
    else if (word === 'fonttbl') state.isFontTable = state.isHidden = true;
    else if (isIgnorable || HIDDEN_DESTINATIONS.has(word)) state.isHidden = true;
    else if (word === 'f' && value !== null) {
      if (state.isFontTable) definedFont = value;
      else state.font = value;
    } else if (word === 'fcharset' && value !== null && state.isFontTable) {
      if (CHARSET_CODEPAGES.has(value)) fontCodepages.set(definedFont, CHARSET_CODEPAGES.get(value)!);
    } else if (word === 'htmlrtf') state.isRtfOnly = value !== 0;
    else if (word === 'ansicpg' && value !== null) ansiCodepage = value;
    else if (word === 'uc' && value !== null) state.unicodeSkip = value;
    else if (word === 'u' && value !== null) {
      emit(String.fromCharCode(value < 0 ? value + 65536 : value));
      skipCount = state.unicodeSkip;
    } else if (CHARACTER_WORDS.has(word)) emit(CHARACTER_WORDS.get(word)!);
  };
  for (const [, word, argument, hex, symbol, brace, text] of rtf.matchAll(TOKEN)) {
    if (brace === '{') {
      stack.push(state);
      state = { ...state };
    } else if (brace === '}') {
      flushBytes();
      state = stack.pop() ?? state;
    } else if (hex !== undefined) emitByte(parseInt(hex, 16));
    else if (symbol === '*') isIgnorableNext = true;
    else if (symbol === '~') emit('\u00a0');
    else if (symbol === '_') emit('-');
    else if (symbol === '\\' || symbol === '{' || symbol === '}') emit(symbol);
    else if (word !== undefined) onWord(word, argument === undefined ? null : Number(argument));
    else if (text !== undefined) emit(text);
  }
  flushBytes();
  // Outlook ends some RTF bodies with a NUL character.
  output = output.replaceAll('\u0000', '');
  return isHtml ? { text: '', html: output } : { text: output.replace(/\n{3,}/g, '\n\n').trim(), html: '' };
}
