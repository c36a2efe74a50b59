// Writes a value into query text so that the tokenizer reads it back whole.

/** Quotes a value the tokenizer would otherwise split at a space, bracket, colon or quote. */
export function quoteValue(value: string): string {
  return /[\s(){}":]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value;
}
