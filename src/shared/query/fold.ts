// Lower-cases and strips diacritics so "Király" and "kiraly" match: one normaliser for the query, the index and the engine.

/** Letters that Unicode decomposition leaves whole, spelled the way people type them without accents. */
const SPELLED_OUT: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };
const SPELLED_OUT_PATTERN = /[łøđħıßæœþ]/g;

/** Lower case, no combining marks, ł/ø/ß... spelled out; the length may change, so never map spans through it. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter);
}
