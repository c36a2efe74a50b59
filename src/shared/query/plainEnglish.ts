// Reads a run of plain words as constraints: "List 5 latest pdfs that mention budget" -> limit 5, newest first, has:pdf, budget.
import type { Interpretation, PersonField, QueryNode, Span } from './ast';
import type { DateContext, DateRange } from './dates';
import { foldText } from './fold';
import { datePhraseAt } from './plainDates';
import {
  attachmentKindOf,
  countOf,
  DATE_PREPOSITIONS,
  DETERMINERS,
  FILLER_WORDS,
  MAIL_NOUNS,
  MAIL_WORDS,
  PERSON_PREPOSITIONS,
  REQUEST_OPENERS,
  RECENCY_WORDS,
  WEAK_RECENCY_WORDS,
  type DateRelation,
  type Recency,
} from './vocabulary';
import { calendarDay } from './zonedTime';

/** A person the archive knows, so "with Janesh" can become a participants filter. */
export interface KnownContact {
  name: string;
  address: string;
}

/** One bare word of the query as the tokenizer found it. */
export interface PlainWord {
  text: string;
  span: Span;
}

export interface PlainEnglishResult {
  /** Filters and the remaining content words, in query order, filler dropped. */
  nodes: QueryNode[];
  /** Every word as a text node, as typed: the run read as keywords, for when no run of the query was understood. */
  typed: QueryNode[];
  /** The words no constraint used, filler included and as typed: what a sentence embedder should read. */
  leftover: string[];
  limit: number | null;
  order: Recency | null;
  understood: Interpretation[];
  /**
   * The understood constraints that words of a subject or phrase use as often as a request does ("today", "on Friday",
   * "January 2023", "presentations"): applied only when the query reads as a request (see readsAsRequest).
   */
  weak: Interpretation[];
}

export interface PlainEnglishOptions {
  /** Whether weak constraints are read (true) or their words left as words (false). */
  readsWeak: boolean;
}

export interface PlainEnglishContext extends DateContext {
  contacts: readonly KnownContact[];
}

/** Folded name words, full names, addresses and local parts of the known contacts; built once per contacts array. */
const contactKeysCache = new WeakMap<readonly KnownContact[], Set<string>>();

function contactKeys(contacts: readonly KnownContact[]): Set<string> {
  const cached = contactKeysCache.get(contacts);
  if (cached) return cached;
  const keys = new Set<string>();
  for (const contact of contacts) {
    const name = foldText(contact.name).trim();
    if (name) {
      keys.add(name.replace(/\s+/g, ' '));
      for (const part of name.split(/[\s,.]+/)) if (part.length > 1) keys.add(part);
    }
    const address = foldText(contact.address).trim();
    if (address) {
      keys.add(address);
      const local = address.split('@')[0]!;
      keys.add(local);
      for (const part of local.split(/[._-]+/)) if (part.length > 1) keys.add(part);
    }
  }
  contactKeysCache.set(contacts, keys);
  return keys;
}

/** Lower case without the punctuation that sentences put around words ("Janesh?" -> "janesh", "17," -> "17"). */
export function plainWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[¿¡'"‘“]+/, '')
    .replace(/[?!.,;:'"’”]+$/, '');
}

function spanOver(words: PlainWord[], from: number, to: number): Span {
  return { start: words[from]!.span.start, end: words[to - 1]!.span.end };
}

function dayText(epochMs: number, context: DateContext): string {
  const day = calendarDay(epochMs, context.timeZone);
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function dateBounds(range: DateRange, relation: DateRelation): { after: number | null; before: number | null } {
  switch (relation) {
    case 'within':
      return range;
    case 'since':
      return { after: range.after, before: null };
    case 'after':
      return { after: range.before, before: null };
    case 'before':
      return { after: null, before: range.after };
  }
}

function describeDate(bounds: { after: number | null; before: number | null }, context: DateContext): string {
  const after = bounds.after === null ? '' : dayText(bounds.after, context);
  // The range is half-open, so the last day included is the one before `before`.
  const last = bounds.before === null ? '' : dayText(bounds.before - 1, context);
  if (after && last && after === last) return after;
  return `${after}..${last}`;
}

class PlainEnglishReader {
  private readonly lower: string[];
  private readonly result: PlainEnglishResult = { nodes: [], typed: [], leftover: [], limit: null, order: null, understood: [], weak: [] };
  private index = 0;

  constructor(
    private readonly words: PlainWord[],
    private readonly context: PlainEnglishContext,
    private readonly options: PlainEnglishOptions,
  ) {
    this.lower = words.map((word) => plainWord(word.text));
  }

  read(): PlainEnglishResult {
    while (this.index < this.words.length) {
      if (this.readCount() || this.readRecency() || this.readPerson() || this.readDate() || this.readKind()) continue;
      const word = this.lower[this.index]!;
      this.result.leftover.push(this.words[this.index]!.text);
      if (!FILLER_WORDS.has(word) && word !== '') {
        const value = this.words[this.index]!.text.replace(/^[¿¡'"‘“]+/, '').replace(/[?!.,;:'"’”]+$/, '');
        this.result.nodes.push({ kind: 'text', value: value || word, phrase: false, span: this.words[this.index]!.span });
      }
      this.index += 1;
    }
    return this.result;
  }

  private note(from: number, to: number, meaning: string, isWeak = false): void {
    const interpretation = { span: spanOver(this.words, from, to), meaning };
    this.result.understood.push(interpretation);
    if (isWeak) this.result.weak.push(interpretation);
  }

  /** Whether the word at `position` is a noun a count or recency word can refer to. */
  private isCountedNoun(position: number): boolean {
    const word = this.lower[position];
    return word !== undefined && (MAIL_NOUNS.has(word) || attachmentKindOf(word, true) !== null);
  }

  /** "5 pdfs", "five latest emails", "top 3": a count before a recency word or a noun. */
  private readCount(): boolean {
    const count = countOf(this.lower[this.index]!);
    if (count === null || this.result.limit !== null) return false;
    let next = this.index + 1;
    while (this.lower[next] === 'most' || RECENCY_WORDS[this.lower[next]!] !== undefined) next += 1;
    const afterTop = this.index > 0 && this.lower[this.index - 1] === 'top';
    if (!afterTop && next === this.index + 1 && !this.isCountedNoun(next)) return false;
    if (!afterTop && next > this.index + 1 && this.lower[next] !== undefined && UNIT_WORD.test(this.lower[next]!)) return false;
    this.result.limit = count;
    this.note(this.index, this.index + 1, `limit ${count}`);
    this.index += 1;
    return true;
  }

  private readRecency(): boolean {
    const word = this.lower[this.index]!;
    const isMost = word === 'most' && this.lower[this.index + 1] === 'recent';
    const strong = RECENCY_WORDS[isMost ? 'recent' : word];
    const weak = WEAK_RECENCY_WORDS[word];
    const following = this.index + 1;
    let order: Recency | undefined = strong;
    if (!order && weak && (countOf(this.lower[following] ?? '') !== null || this.isCountedNoun(following))) {
      // "last 3 days" is a date, not an order.
      if (UNIT_WORD.test(this.lower[following + 1] ?? '') || /^(week|month|year)$/.test(this.lower[following] ?? '')) return false;
      order = weak;
    }
    if (!order) return false;
    const length = isMost ? 2 : 1;
    this.result.order = order;
    this.note(this.index, this.index + length, order === 'newest' ? 'newest first' : 'oldest first');
    this.index += length;
    return true;
  }

  private readKind(): boolean {
    const previous = this.lower[this.index - 1];
    const afterDeterminer = previous !== undefined && (DETERMINERS.has(previous) || countOf(previous) !== null);
    const kind = attachmentKindOf(this.lower[this.index]!, afterDeterminer);
    // "PIRA presentations on the US economy" names a subject, "the latest presentations" an attachment.
    const isWeak = !afterDeterminer;
    if (!kind || (isWeak && !this.options.readsWeak)) return false;
    this.result.nodes.push({
      kind: 'filter',
      operator: 'has',
      filter: { field: 'has', value: kind },
      span: this.words[this.index]!.span,
      inferred: true,
      display: kind,
    });
    this.note(this.index, this.index + 1, `has:${kind}`, isWeak);
    this.index += 1;
    return true;
  }

  /** "with Janesh", "from Anna Kovacs", "with Janesh and Anna": only names of known contacts. */
  private readPerson(): boolean {
    const preposition = this.lower[this.index]! as keyof typeof PERSON_PREPOSITIONS;
    const field: PersonField | undefined = Object.hasOwn(PERSON_PREPOSITIONS, preposition) ? PERSON_PREPOSITIONS[preposition] : undefined;
    if (!field || this.context.contacts.length === 0) return false;
    const keys = contactKeys(this.context.contacts);
    let position = this.index + 1;
    const found: Array<{ from: number; to: number }> = [];
    for (;;) {
      const length = [2, 1].find((size) => {
        const words = this.lower.slice(position, position + size);
        return words.length === size && words.every((word) => word !== '') && keys.has(foldText(words.join(' ')));
      });
      if (length === undefined) break;
      found.push({ from: position, to: position + length });
      position += length;
      if (this.lower[position] !== 'and' || found.length > 5) break;
      position += 1;
    }
    if (found.length === 0) return false;
    for (const { from, to } of found) {
      const value = this.words
        .slice(from, to)
        .map((word) => word.text.replace(/[?!.,;:'"’”]+$/, ''))
        .join(' ');
      this.result.nodes.push({
        kind: 'filter',
        operator: field,
        filter: { field, value },
        span: spanOver(this.words, from === found[0]!.from ? this.index : from, to),
        inferred: true,
        display: value,
      });
      this.note(from, to, `${field}:${value}`);
    }
    this.index = found[found.length - 1]!.to;
    return true;
  }

  /** "in June 2024", "on the June 17, 2024", "since last month", "yesterday". */
  private readDate(): boolean {
    const start = this.index;
    const relation: DateRelation | undefined = DATE_PREPOSITIONS[this.lower[start]!];
    let position = relation ? start + 1 : start;
    if (this.lower[position] === 'the') position += 1;
    const phrase = datePhraseAt(this.lower.slice(position, position + 4), this.context, relation !== undefined);
    if (!phrase) return false;
    // Subjects say "call rescheduled for 5pm today", "Timesheets due on Friday", "Newsletter January 2023": a day named
    // relative to today, or a date no preposition leads, is a constraint only in a request.
    const isLastWeekday = this.lower[position] === 'last' && WEEKDAY.test(this.lower[position + 1] ?? '');
    const isWeak = relation === undefined || RELATIVE_DAY.test(this.lower[position]!) || isLastWeekday;
    if (isWeak && !this.options.readsWeak) return false;
    const end = position + phrase.length;
    const bounds = dateBounds(phrase.range, relation ?? 'within');
    const display = describeDate(bounds, this.context);
    this.result.nodes.push({
      kind: 'filter',
      operator: 'date',
      filter: { field: 'date', ...bounds },
      span: spanOver(this.words, start, end),
      inferred: true,
      display,
    });
    this.note(start, end, `date:${display}`, isWeak);
    this.index = end;
    return true;
  }
}

const UNIT_WORD = /^(days?|weeks?|months?|years?)$/;
const WEEKDAY = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;
const RELATIVE_DAY = /^(today|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;
const MAIL_WORD_SET = new Set(MAIL_WORDS);

/** Reads plain words as constraints, keeping the words as typed too (see PlainEnglishResult.typed). */
export function readPlainEnglish(
  words: PlainWord[],
  context: PlainEnglishContext,
  options: PlainEnglishOptions = { readsWeak: true },
): PlainEnglishResult {
  const result = new PlainEnglishReader(words, context, options).read();
  result.typed = words.map((word): QueryNode => ({ kind: 'text', value: word.text, phrase: false, span: word.span }));
  return result;
}

/** Beside the constraints, a request names its topic in a word or none ("report from yesterday", "pdfs"); a subject says more. */
const REQUEST_TOPIC_WORDS = 1;

/**
 * Whether the query's plain words read as a request for mail rather than as a subject or phrase: they open with a
 * question or command ("what", "show", "list"), name mail itself ("emails", "messages"), something other than a weak
 * constraint was understood (a count, an order, a known person, a date a preposition leads), or little but the
 * constraints is left ("yesterday", "report from yesterday").
 */
export function readsAsRequest(runs: readonly PlainWord[][], results: readonly PlainEnglishResult[]): boolean {
  if (results.some((result) => result.understood.length > result.weak.length)) return true;
  const opening = runs[0]?.[0];
  if (opening !== undefined && REQUEST_OPENERS.has(plainWord(opening.text))) return true;
  if (runs.some((run) => run.some((word) => MAIL_WORD_SET.has(plainWord(word.text))))) return true;
  const isTopicWord = (node: QueryNode): boolean => {
    if (node.kind !== 'text') return false;
    const word = plainWord(node.value);
    return !Object.hasOwn(DATE_PREPOSITIONS, word) && !Object.hasOwn(PERSON_PREPOSITIONS, word);
  };
  const topicWords = results.reduce((sum, result) => sum + result.nodes.filter(isTopicWord).length, 0);
  return topicWords <= REQUEST_TOPIC_WORDS;
}
