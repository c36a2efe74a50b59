// Text decoders for Windows code page numbers, as Outlook records them (PR_INTERNET_CPID, \ansicpg in RTF).
import { TextDecoder } from 'node:util';

const LABELS = new Map<number, string>([
  [932, 'shift_jis'],
  [936, 'gbk'],
  [949, 'euc-kr'],
  [950, 'big5'],
  [20127, 'us-ascii'],
  [20866, 'koi8-r'],
  [21866, 'koi8-u'],
  [50220, 'iso-2022-jp'],
  [50221, 'iso-2022-jp'],
  [50222, 'iso-2022-jp'],
  [51932, 'euc-jp'],
  [54936, 'gb18030'],
  [65001, 'utf-8'],
]);

function labelOf(codepage: number): string {
  if (LABELS.has(codepage)) return LABELS.get(codepage)!;
  if (codepage >= 28591 && codepage <= 28606) return `iso-8859-${codepage - 28590}`;
  return `windows-${codepage}`;
}

/** A decoder for the code page; Windows-1252 when the number is unknown, as Outlook's own fallback is. */
export function decoderForCodepage(codepage: number | undefined): TextDecoder {
  try {
    return new TextDecoder(codepage === undefined ? 'windows-1252' : labelOf(codepage));
  } catch {
    return new TextDecoder('windows-1252');
  }
}

/** Windows' ANSI code page for a locale's primary language (LCID & 0x3ff); Western European when not listed. */
const ANSI_BY_LANGUAGE = new Map<number, number>([
  [0x11, 932],
  [0x12, 949],
  [0x1e, 874],
  [0x2a, 1258],
  [0x08, 1253],
  [0x1f, 1254],
  [0x0d, 1255],
  [0x01, 1256],
  ...[0x25, 0x26, 0x27].map((language): [number, number] => [language, 1257]),
  ...[0x19, 0x22, 0x23, 0x02, 0x2f].map((language): [number, number] => [language, 1251]),
  ...[0x15, 0x05, 0x0e, 0x1b, 0x18, 0x24, 0x1a, 0x1c].map((language): [number, number] => [language, 1250]),
]);
const CHINESE = 0x04;
const SIMPLIFIED_CHINESE_LOCALES = new Set([0x0804, 0x1004]);

/**
 * The code page of an Outlook item's 8-bit strings: its own PR_MESSAGE_CODEPAGE when it has one, else the one
 * Windows used for the locale the item was written in.
 */
export function ansiCodepageOf(messageCodepage: number | undefined, localeId: number | undefined): number {
  if (messageCodepage !== undefined && messageCodepage !== 0) return messageCodepage;
  if (localeId === undefined) return 1252;
  const language = localeId & 0x3ff;
  if (language === CHINESE) return SIMPLIFIED_CHINESE_LOCALES.has(localeId) ? 936 : 950;
  return ANSI_BY_LANGUAGE.get(language) ?? 1252;
}
