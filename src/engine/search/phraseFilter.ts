// Keeps the messages that hold a query's phrases verbatim, reading their texts in pipelined batches and remembering verdicts.
import type { Catalog } from '../index/catalog';
import type { MessageStore } from '../store/messageStore';
import type { Bitset } from './evaluate';
import { phraseMatcher, type PhraseMatcher } from './phraseMatch';

/** Large enough that the store's per-query cost is small beside reading the texts. */
const PHRASE_BATCH = 2000;
/** Phrases whose verdicts are kept: paging, refining and repeating a search ask about the same phrases again. */
const REMEMBERED_PHRASES = 16;

const UNKNOWN = 0;
const ABSENT = 1;
const PRESENT = 2;

/**
 * Per phrase, one byte per message: unknown, absent or present. Reading the texts is most of a phrase search's time,
 * and a message's subject, text and attachment text never change once stored, so a verdict holds for the store's life;
 * messages imported later are simply unknown.
 */
export class PhraseVerdicts {
  private readonly byPhrase = new Map<string, Uint8Array>();

  verdicts(phrase: string, size: number): Uint8Array {
    let verdicts = this.byPhrase.get(phrase);
    this.byPhrase.delete(phrase);
    if (!verdicts || verdicts.length < size) {
      const grown = new Uint8Array(size);
      if (verdicts) grown.set(verdicts);
      verdicts = grown;
    }
    this.byPhrase.set(phrase, verdicts);
    if (this.byPhrase.size > REMEMBERED_PHRASES) this.byPhrase.delete(this.byPhrase.keys().next().value!);
    return verdicts;
  }
}

interface PhraseCheck {
  matcher: PhraseMatcher;
  verdicts: Uint8Array;
}

/** Clears the bits of `matches` whose message lacks any of the (folded) phrases; whole words only. */
export async function keepPhraseMatches(matches: Bitset, phrases: string[], catalog: Catalog, store: MessageStore, remembered: PhraseVerdicts): Promise<void> {
  const checks: PhraseCheck[] = phrases.map((phrase) => ({ matcher: phraseMatcher(phrase), verdicts: remembered.verdicts(phrase, catalog.size) }));
  const unknown: number[] = [];
  for (let ordinal = 0; ordinal < matches.length; ordinal += 1) {
    if (!matches[ordinal]) continue;
    if (checks.some((check) => check.verdicts[ordinal] === ABSENT)) matches[ordinal] = 0;
    else if (checks.some((check) => check.verdicts[ordinal] === UNKNOWN)) unknown.push(ordinal);
  }
  const read = (start: number) => {
    const ids = unknown.slice(start, start + PHRASE_BATCH).map((ordinal) => catalog.entries[ordinal]!.row.id);
    return store.getColumns(ids, ['id', 'subject', 'text', 'attachmentTextJson']);
  };
  let next = unknown.length > 0 ? read(0) : null;
  for (let start = 0; next !== null; start += PHRASE_BATCH) {
    const rows = await next;
    // The store reads the next batch while this one is matched.
    next = start + PHRASE_BATCH < unknown.length ? read(start + PHRASE_BATCH) : null;
    const textById = new Map(rows.map((row) => [row.id, `${row.subject}\n${row.text}\n${row.attachmentTextJson}`]));
    for (const ordinal of unknown.slice(start, start + PHRASE_BATCH)) {
      const text = textById.get(catalog.entries[ordinal]!.row.id);
      // A message the store no longer returns gets no verdict: it may be back on the next search.
      if (text === undefined) {
        matches[ordinal] = 0;
        continue;
      }
      for (const check of checks) {
        if (check.verdicts[ordinal] === UNKNOWN) check.verdicts[ordinal] = check.matcher.matches(text) ? PRESENT : ABSENT;
      }
      if (checks.some((check) => check.verdicts[ordinal] === ABSENT)) matches[ordinal] = 0;
    }
  }
}
