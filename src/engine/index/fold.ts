// Lower-cases and strips diacritics so "Király" and "kiraly" match, the same way for indexing and for queries.

export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Splits folded text into words (letters and digits of any script). */
export function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
