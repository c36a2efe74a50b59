// Evaluates a query tree over every message at once: each node becomes a bitset of matching ordinals, words add scores.
import type { QueryNode } from '../../shared/query/ast';
import { assertNever } from '../../shared/assertNever';
import { asksForExcludedPlaces } from '../../shared/query/excludedFolders';
import type { Catalog } from '../index/catalog';
import { identifiers, words } from '../index/fold';
import type { KeywordIndex } from '../index/keywordIndex';
import { isExcludedMessage, leaveOutExcluded } from './excludedByDefault';
import { filterMatches, type MetadataFilter } from './matchFilter';
import { querySubject, rarestMetaWord, subjectVerdict, WHOLE_SUBJECT_FACTOR } from './subjectMatch';
import { andInto, inverted, orInto, type Bitset } from './bitset';
import { FreshArrays, type ArchiveArrays } from './archiveArrays';
import { capacityFor, markList, scoreListDirectly, scoreScratch, type ListWalk } from './wordScores';

export type WordMatch = 'all' | 'relaxed' | 'any';

/** Subject and people hits outrank body hits; within the body, the rank slots' order (earlier mentions first) counts. */
const META_WEIGHT = 3;
const CONTENT_WEIGHT = 1;
/** A word found only in another form of its stem ("buffered" for "buffers") counts this much of the word itself. */
const STEMMED_WEIGHT = 0.6;

/**
 * An identifier of the query found whole ("io_uring-test", not "io_uring test" nor a mail with "io" and "test" apart)
 * scores this much of a word of its rarity, so the mail naming it comes above mail holding its words apart, even in
 * their subject. On the eval, 4 and 8 ranked alike (tuning auto recall@10 0.647 -> 0.690 and 0.687, held out 0.607 ->
 * 0.604 both, the described set as before); 1 left the subject case behind.
 */
const WHOLE_IDENTIFIER_WEIGHT = 8;

/**
 * How much a word tells apart the messages that hold it (BM25's inverse document frequency): a word in most messages
 * ("the", "patch" on a patch list) adds little, a rare one much, so a message with the query's rare words comes first.
 */
export function inverseFrequency(holding: number, messages: number): number {
  return Math.log(1 + (messages - holding + 0.5) / (holding + 0.5));
}

/** The messages a query tree matches; which words it asks for is the parse's (ParsedQuery.terms). */
export interface Evaluation {
  matches: Bitset;
  /** Relevance of each ordinal from its word matches (0 where words played no part). */
  scores: Float64Array;
  /** The words a last word still being typed was read as the beginning of (see Evaluator's typedPrefix); absent when none. */
  completions?: string[];
  /**
   * For each word scored as written: per ordinal, the fields holding it (FIELD_BITS), read while matching so the
   * reasons of a page need not walk the postings again.
   */
  wordFields?: ReadonlyMap<string, Uint8Array>;
  /** The messages whose subject is the query's words, or those words but for its tags; absent when none. */
  subjectMatches?: SubjectMatches;
  /** Per ordinal, 1 when the message holds one of the query's identifiers whole (see `identifiers`); absent when none. */
  namedIdentifiers?: Uint8Array;
}

/** Messages whose subject is a query's words (see subjectMatch.ts), and those whose subject is them but for its tags. */
export interface SubjectMatches {
  whole: number[];
  shared: number[];
}

/** The bit of each field in Evaluation.wordFields. */
export const FIELD_BITS = { content: 1, meta: 2 } as const;

/**
 * All-zero scores for evaluations that scored no word, shared (nobody writes them): allocated per query, at a million
 * messages they added to the garbage collections seen during slow queries (bench/measured-reasons.md).
 */
let sharedZeros = new Float64Array(0);
function zeros(size: number): Float64Array {
  if (sharedZeros.length < size) sharedZeros = new Float64Array(capacityFor(size, sharedZeros.length));
  return sharedZeros.length === size ? sharedZeros : sharedZeros.subarray(0, size);
}

export class Evaluator {
  private readonly size: number;
  /** Allocated when a word is first scored: an operator-only query has no scores. */
  private ownScores: Float64Array | null = null;
  private completions: string[] | undefined;
  private readonly fieldsOfWords = new Map<string, Uint8Array>();
  private namedIdentifiers: Uint8Array | null = null;

  /**
   * How positive words constrain: 'all' (every word must occur, as in Gmail), 'relaxed' (they match every message:
   * semantic search finds meaning, not words), or 'any' (like relaxed, but scored, so messages sharing more of the
   * words rank first; questions use it). Negated words and all operators apply exactly in every case: pre-filters.
   */
  constructor(
    private readonly catalog: Catalog,
    private readonly keywords: KeywordIndex,
    private readonly wordMatch: WordMatch = 'all',
    /** The query's last word while it is still being typed: found in no message as written, it matches the words it begins. */
    private readonly typedPrefix: string | null = null,
    /** Where the evaluation's arrays of the archive's size come from: borrowed by a search, or fresh for a caller that keeps them. */
    private readonly arrays: ArchiveArrays = new FreshArrays(catalog.size),
  ) {
    this.size = catalog.size;
    if (arrays.size !== this.size) throw new Error(`search: arrays for ${arrays.size} messages lent to an evaluation of ${this.size}`);
  }

  evaluate(root: QueryNode | null): Evaluation {
    const matches = root ? this.node(root, true) : this.arrays.bytes().fill(1);
    // Here, where every search mode, total, listing and answer gets the messages it may show: Trash and Spam are left
    // out unless the query asks for them, as Gmail and Outlook do.
    if (!asksForExcludedPlaces(root)) leaveOutExcluded(matches, this.catalog);
    const subjectMatches = this.ownScores ? this.favourWholeSubjects(root, matches, this.ownScores) : null;
    const scores = this.ownScores ?? zeros(this.size);
    const evaluation: Evaluation = { matches, scores };
    if (subjectMatches) evaluation.subjectMatches = subjectMatches;
    if (this.completions) evaluation.completions = this.completions;
    if (this.fieldsOfWords.size > 0) evaluation.wordFields = this.fieldsOfWords;
    if (this.namedIdentifiers) evaluation.namedIdentifiers = this.namedIdentifiers;
    return evaluation;
  }

  /**
   * Messages whose subject is the query's words rank above those that only hold them (see subjectMatch.ts). Only the
   * messages with the rarest of the subject's shared words in their subject, people or attachment names can be such, so
   * only those are looked at: folding every scored subject took most of a common query's time at 100k messages.
   * Returns those messages, and the ones whose subject differs only in its tags (another version of a patch, a list's
   * copy) for the fused modes to place next.
   */
  private favourWholeSubjects(root: QueryNode | null, matches: Bitset, scores: Float64Array): SubjectMatches | null {
    const wanted = querySubject(root);
    if (wanted === null) return null;
    const rarest = rarestMetaWord(this.keywords, wanted.shared);
    if (rarest === null) return null;
    const found: SubjectMatches = { whole: [], shared: [] };
    // By the subject's number (equal numbers, equal subjects): each distinct subject is read once, not each message's.
    const verdicts = new Map<number, 'whole' | 'shared' | null>();
    for (const ordinals of this.keywords.postings('meta', rarest)) {
      if (!ordinals) continue;
      for (const ordinal of ordinals) {
        if (!scores[ordinal]) continue;
        const subjectNumber = this.catalog.subjectNumber(ordinal);
        let verdict = verdicts.get(subjectNumber);
        if (verdict === undefined) {
          verdict = subjectVerdict(this.catalog.subject(ordinal), wanted);
          verdicts.set(subjectNumber, verdict);
        }
        if (verdict === null || (matches[ordinal] === 0 && isExcludedMessage(this.catalog, ordinal))) continue;
        // The mail a reply's subject was pasted from matches without the "Re:", and another version of it without its
        // tags' words ("V3", "00/16").
        matches[ordinal] = 1;
        if (verdict === 'whole') {
          scores[ordinal]! *= WHOLE_SUBJECT_FACTOR;
          found.whole.push(ordinal);
        } else found.shared.push(ordinal);
      }
    }
    return found.whole.length + found.shared.length > 0 ? found : null;
  }

  private node(node: QueryNode, positive: boolean): Bitset {
    switch (node.kind) {
      case 'and': {
        const result = this.arrays.bytes().fill(1);
        for (const child of node.children) {
          andInto(result, this.node(child, positive));
        }
        return result;
      }
      case 'or': {
        const result = this.arrays.bytes();
        for (const child of node.children) {
          orInto(result, this.node(child, positive));
        }
        return result;
      }
      case 'not':
        return inverted(this.node(node.child, !positive), this.arrays.bytes());
      case 'text':
        if (positive && this.wordMatch !== 'all') return this.everything(node.value, ['content', 'meta']);
        return this.wordsMatch(node.value, ['content', 'meta'], positive);
      case 'filter':
        if (node.filter.field === 'body') {
          if (positive && this.wordMatch !== 'all') return this.everything(node.filter.value, ['content']);
          return this.wordsMatch(node.filter.value, ['content'], positive);
        }
        return filterMatches(node.filter as MetadataFilter, this.catalog, this.arrays.bytes());
      default:
        return assertNever(node, 'query node');
    }
  }

  /** The other words a query word matches: its stem's forms, or for a word being typed that no message holds, the words it begins. */
  private otherForms(term: string): string[] {
    if (term === this.typedPrefix && this.keywords.frequency('content', term) + this.keywords.frequency('meta', term) === 0) {
      this.completions ??= this.keywords.wordsBegunBy(term);
      return this.completions;
    }
    return this.keywords.stemVariants(term);
  }

  /**
   * Where every word is required, an identifier named whole outranks its parts by far. Where some words are enough (a
   * question's retrieval for an answer, keyword mode's second try), it counts as one word more: at 8 it alone outweighed
   * the rest of a question, and the answers eval lost a question in each set (found 95% -> 93%, 91% -> 89%).
   */
  private wholeIdentifierWeight(): number {
    return this.wordMatch === 'any' ? 1 : WHOLE_IDENTIFIER_WEIGHT;
  }

  /** All messages, scoring the words' matches first when the mode ranks by them. */
  private everything(text: string, fields: ('content' | 'meta')[]): Bitset {
    if (this.wordMatch === 'any') this.wordsMatch(text, fields, true);
    return this.arrays.bytes().fill(1);
  }

  /**
   * Every word must occur (in any of the fields, as written or in another form of its stem); scores accumulate for
   * positive matches only: per word, its best form in each field (the form as written first), weighted by the field
   * and by how early the message mentions it, times the word's inverse frequency.
   */
  private wordsMatch(text: string, fields: ('content' | 'meta')[], positive: boolean): Bitset {
    const terms = words(text);
    const size = this.size;
    const scores = positive ? (this.ownScores ??= this.arrays.scores()) : null;
    const result = this.arrays.bytes().fill(terms.length > 0 ? 1 : 0);
    const hits = terms.length > 0 ? this.arrays.bytes() : new Uint8Array(0);
    // Per field and per term, each message's best score so far, with the messages given one listed: summed over the
    // listed messages only, and left zeroed for the next word (see ScoreScratch).
    const scratch = scores ? scoreScratch(size) : null;
    // Identifiers are scored, never required: a mail that splits one differently ("io_uring test") still matches by its words.
    const wholes = scratch !== null ? identifiers(text) : [];
    for (const [index, term] of [...terms, ...wholes].entries()) {
      const isWhole = index >= terms.length;
      hits.fill(0);
      // A negated word leaves out the messages holding it as written, no more.
      const forms = positive && !isWhole ? [term, ...this.otherForms(term)] : [term];
      let fieldsOfTerm: Uint8Array | null = null;
      if (positive && !isWhole) {
        fieldsOfTerm = this.fieldsOfWords.get(term) ?? this.arrays.bytes();
        this.fieldsOfWords.set(term, fieldsOfTerm);
      }
      const lists = fields.map((field) => forms.map((form) => this.keywords.postings(field, form, this.arrays)));
      const counts = lists.map((ofField) => ofField.map(postingsCount));
      // A word found in one list only (one field, one form) holds as many messages as the list (when every indexed
      // message is in the catalog): its weight is known before the walk, and each score goes straight into the sums,
      // the same arithmetic as through the scratch.
      const listed = counts.flat().filter((count) => count > 0);
      const wordWeight = (holding: number): number => inverseFrequency(holding, size) * (isWhole ? this.wholeIdentifierWeight() : 1);
      const direct = scores !== null && listed.length === 1 && this.keywords.documents <= size ? wordWeight(listed[0]!) : null;
      let held = 0;
      for (const [fieldIndex, field] of fields.entries()) {
        const fieldWeight = field === 'meta' ? META_WEIGHT : CONTENT_WEIGHT;
        const fieldBit = FIELD_BITS[field];
        // With one form listed in the field, its score is the field's best: no need to keep the best per message.
        const oneForm = counts[fieldIndex]!.filter((count) => count > 0).length === 1;
        // The field's first listed form finds the field's best scores all zero: it sets them (see setList).
        let isFirstForm = true;
        for (let index = 0; index < forms.length; index += 1) {
          const weight = fieldWeight * (index === 0 ? 1 : STEMMED_WEIGHT);
          const slots = lists[fieldIndex]![index]!;
          const count = counts[fieldIndex]![index]!;
          if (count === 0) continue;
          const walk: ListWalk = { size, hits, bits: index === 0 ? fieldsOfTerm : null, fieldBit, rank: 0, count, weight, held: 0 };
          for (const ordinals of slots) {
            if (!ordinals) continue;
            if (scratch === null) markList(ordinals, walk);
            else if (direct !== null) scoreListDirectly(ordinals, walk, direct, scores!);
            else if (oneForm) scratch.addList(ordinals, walk);
            else if (isFirstForm) scratch.setList(ordinals, walk);
            else scratch.raiseList(ordinals, walk);
          }
          isFirstForm = false;
          held += walk.held;
        }
        // The first field's best scores become the word's; the last field's are added to the word's as the word's are
        // added to the scores (addTermTo). There are two fields at most.
        if (!oneForm && fieldIndex === 0 && fields.length > 1) scratch?.fieldToTerm();
      }
      if (scores !== null && scratch !== null && direct === null) scratch.addTermTo(scores, wordWeight(held));
      if (isWhole) {
        if (held === 0) continue;
        orInto((this.namedIdentifiers ??= this.arrays.bytes()), hits);
        continue;
      }
      andInto(result, hits);
    }
    return result;
  }
}

function postingsCount(slots: readonly (ArrayLike<number> | undefined | null)[]): number {
  let count = 0;
  for (const ordinals of slots) count += ordinals?.length ?? 0;
  return count;
}
