// A keyword field's postings for the documents added since the last fold: per word, its ordinals by rank slot.
import { SLOTS, type SlotLists } from './frozenPostings';
import { isIdentifier } from './fold';

/**
 * The rank slot of the word at `position` of a document of `count` words: the first word 0, the rest spread over the
 * slots by how early they come, so a search lists messages that mention a word early first. This is FlexSearch's
 * scoring at resolution 3 (its get_score), which built the live postings before these, so saved indexes keep their order.
 */
export function rankSlot(position: number, count: number): number {
  if (position === 0) return 0;
  if (count <= SLOTS) return position;
  return (((SLOTS - 1) / count) * position + 1) | 0;
}

/** The words are listed by this many first characters, the shortest beginning a stem variant is looked for by. */
const BEGINNING_LENGTH = 3;

/**
 * Plain arrays that grow as documents are added (ordinals rise, so every list stays in order) and are packed into
 * FrozenPostings at a fold. Only what an import added since its last fold is held here, at most 50,000 documents.
 */
export class LivePostings {
  /** Word → its ordinals by slot; a slot no document put the word in stays empty (most words use one). */
  private readonly lists = new Map<string, (number[] | undefined)[]>();
  /**
   * The words by their first BEGINNING_LENGTH characters, each list in the order the words came: a search looks the
   * words added since the last fold up by a query word's beginning, and reading every one of them for each query word
   * and language was most of a search's own time during a large import (issue 25).
   */
  private readonly byBeginning = new Map<string, string[]>();

  /** `words` are a document's words, space-separated, in order, each once (see keywordDocumentOf). */
  add(ordinal: number, words: string): void {
    if (words === '') return;
    const terms = words.split(' ');
    // An identifier kept whole (see indexedWords) takes the slot of the word after it (or of the last word) and counts
    // for none: the words keep the slots they had before identifiers were indexed, which ranked the eval's described
    // set better.
    let count = 0;
    for (const term of terms) if (!isIdentifier(term)) count += 1;
    let position = 0;
    for (let index = 0; index < terms.length; index += 1) {
      const word = terms[index]!;
      const slot = rankSlot(Math.min(position, count - 1), count);
      if (!isIdentifier(word)) position += 1;
      if (word === '') continue;
      let slots = this.lists.get(word);
      if (slots === undefined) {
        slots = [];
        this.lists.set(word, slots);
        const beginning = word.slice(0, BEGINNING_LENGTH);
        const alike = this.byBeginning.get(beginning);
        if (alike === undefined) this.byBeginning.set(beginning, [word]);
        else alike.push(word);
      } else if (holds(slots, ordinal)) continue;
      const ordinals = slots[slot];
      if (ordinals === undefined) slots[slot] = [ordinal];
      else ordinals.push(ordinal);
    }
  }

  /** The word's ordinals by slot, read in place; undefined for a word no live document holds. */
  slots(word: string): SlotLists | undefined {
    return this.lists.get(word);
  }

  count(word: string): number {
    const slots = this.lists.get(word);
    if (slots === undefined) return 0;
    let count = 0;
    for (const ordinals of slots) count += ordinals?.length ?? 0;
    return count;
  }

  /** Every word live postings hold, in the order they came. */
  words(): Iterable<string> {
    return this.lists.keys();
  }

  has(word: string): boolean {
    return this.lists.has(word);
  }

  /** The words that begin with `prefix`, in the order they came (as `words` lists them). */
  wordsBeginningWith(prefix: string): string[] {
    if (prefix.length < BEGINNING_LENGTH) return [...this.lists.keys()].filter((word) => word.startsWith(prefix));
    return (this.byBeginning.get(prefix.slice(0, BEGINNING_LENGTH)) ?? []).filter((word) => word.startsWith(prefix));
  }

  /** Every word with its slots, for folding into packed postings. */
  entries(): Iterable<[string, SlotLists]> {
    return this.lists;
  }
}

/** Whether the document being added already put this word in a slot: a word written twice counts once. */
function holds(slots: (number[] | undefined)[], ordinal: number): boolean {
  for (const ordinals of slots) if (ordinals !== undefined && ordinals[ordinals.length - 1] === ordinal) return true;
  return false;
}
