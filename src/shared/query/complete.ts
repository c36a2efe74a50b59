// Autocomplete for the token under the cursor: operator names with hints, then values by the operator's ValueKind.
import type { Span } from './ast';
import { EMPTY_COMPLETION_INDEX, type CompletionIndex, type CompletionValue, type ValueSet } from './completionIndex';
import { foldText } from './fold';
import {
  ANYWHERE,
  CATEGORIES,
  EVERYTHING_SCOPE,
  findOperator,
  OPERATORS,
  SCOPES,
  type OperatorDefinition,
  type ValueKind,
} from './grammar';
import { quoteValue } from './quoteValue';
import { tokenize, type Token } from './tokenize';
import { calendarDay, systemTimeZone } from './zonedTime';

export type SuggestionKind = 'operator' | 'scope' | 'value';

/** One suggestion: replace `replace` in the query with `insert`. */
export interface Suggestion {
  kind: SuggestionKind;
  /** What the list shows: `from:`, `Anna Kovacs`, `last week`. */
  label: string;
  /** The second line: the operator's hint, an address, a count. */
  detail: string;
  insert: string;
  replace: Span;
}

export interface CompleteOptions {
  /** How many suggestions at most; 8 by default. */
  limit?: number;
  /** For year shortcuts in date values; Date.now() by default. */
  now?: number;
  timeZone?: string;
}

const DEFAULT_LIMIT = 8;
const SIZE_SHORTCUTS = ['100k', '500k', '1M', '5M', '10M', '25M'];
const DURATION_SHORTCUTS = ['1d', '7d', '2w', '1m', '6m', '1y'];
const DATE_WORDS = ['today', 'yesterday', 'this week', 'last week', 'this month', 'last month', 'this year', 'last year'];

function startsWithFolded(candidate: string, prefix: string): boolean {
  return foldText(candidate).startsWith(foldText(prefix));
}

function operatorSuggestions(prefix: string, replace: Span, limit: number): Suggestion[] {
  const lower = prefix.toLowerCase();
  const suggestions: Suggestion[] = [];
  for (const operator of OPERATORS) {
    const name = [operator.name, ...operator.aliases].find((candidate) => candidate.startsWith(lower));
    if (name !== undefined) suggestions.push({ kind: 'operator', label: `${name}:`, detail: operator.hint, insert: `${name}:`, replace });
  }
  // An exact name first: typing `in` wants `in:` before `inbox`-like longer names.
  suggestions.sort((left, right) => Number(right.label === `${lower}:`) - Number(left.label === `${lower}:`));
  return suggestions.slice(0, limit);
}

function scopeSuggestions(prefix: string, replace: Span, limit: number): Suggestion[] {
  const lower = prefix.toLowerCase();
  const scopes: Suggestion[] = SCOPES.filter((scope) => `@${scope.name}:`.startsWith(lower)).map((scope) => ({
    kind: 'scope',
    label: `@${scope.name}:`,
    detail: scope.hint,
    insert: `@${scope.name}:`,
    replace,
  }));
  if (EVERYTHING_SCOPE.startsWith(lower))
    scopes.push({ kind: 'scope', label: EVERYTHING_SCOPE, detail: 'Search everything', insert: EVERYTHING_SCOPE, replace });
  return scopes.slice(0, limit);
}

function fixedValues(values: readonly string[], prefix: string, detail: string, replace: Span, limit: number): Suggestion[] {
  return values
    .filter((value) => startsWithFolded(value, prefix))
    .slice(0, limit)
    .map((value) => ({ kind: 'value', label: value, detail, insert: quoteValue(value), replace }));
}

function dateShortcuts(prefix: string, options: CompleteOptions, isRange: boolean): string[] {
  const year = calendarDay(options.now ?? Date.now(), options.timeZone ?? systemTimeZone()).year;
  const monthPrefix = /^(\d{4})-\d?$/.exec(prefix);
  if (monthPrefix) {
    return Array.from({ length: 12 }, (_, month) => `${monthPrefix[1]}-${String(month + 1).padStart(2, '0')}`);
  }
  const shortcuts = [...DATE_WORDS, `${year}-`, `${year - 1}-`, `${year - 2}-`];
  if (isRange) shortcuts.push(`${year - 1}-01..${year - 1}-03`);
  return shortcuts;
}

function indexValues(index: CompletionIndex, sets: ValueSet[], prefix: string, limit: number): CompletionValue[] {
  const values: CompletionValue[] = [];
  const seen = new Set<string>();
  for (const set of sets) {
    for (const value of index.lookup(set, prefix, limit)) {
      if (seen.has(value.value) || values.length >= limit) continue;
      seen.add(value.value);
      values.push(value);
    }
  }
  return values;
}

const KIND_SETS: Partial<Record<ValueKind, ValueSet[]>> = {
  person: ['contacts'],
  category: ['categories'],
  list: ['lists'],
  source: ['sources'],
};

function valueSuggestions(
  operator: OperatorDefinition,
  prefix: string,
  replace: Span,
  index: CompletionIndex,
  options: CompleteOptions,
): Suggestion[] {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const fromIndex = (sets: ValueSet[]): Suggestion[] =>
    indexValues(index, sets, prefix, limit).map((value) => ({
      kind: 'value',
      label: value.label,
      detail: value.detail,
      insert: quoteValue(value.value),
      replace,
    }));
  switch (operator.valueKind) {
    case 'person':
      // from: offers people as they send (falling back to everyone for an index without senders).
      return operator.name === 'from' && index.has?.('senders') ? fromIndex(['senders']) : fromIndex(['contacts']);
    case 'folder': {
      const known = fromIndex(['folders', 'labels']);
      const anywhere = fixedValues([ANYWHERE], prefix, 'Every folder, Trash and Spam too', replace, limit);
      return [...known, ...anywhere].slice(0, limit);
    }
    case 'list':
    case 'source':
      return fromIndex(KIND_SETS[operator.valueKind]!);
    case 'category': {
      const known = fromIndex(['categories']);
      const fixed = fixedValues(CATEGORIES, prefix, 'Gmail category', replace, limit).filter(
        (fixedValue) => !known.some((value) => value.insert === fixedValue.insert),
      );
      return [...known, ...fixed].slice(0, limit);
    }
    case 'text':
      return operator.name === 'filename' ? fromIndex(['attachments']) : [];
    case 'attachment-kind':
    case 'state':
      return fixedValues(operator.values ?? [], prefix, operator.hint, replace, limit);
    case 'size':
      return fixedValues(SIZE_SHORTCUTS, prefix, operator.hint, replace, limit);
    case 'duration':
      return fixedValues(DURATION_SHORTCUTS, prefix, operator.hint, replace, limit);
    case 'date':
    case 'date-range':
      return fixedValues(dateShortcuts(prefix, options, operator.valueKind === 'date-range'), prefix, operator.hint, replace, limit);
    case 'thread':
    case 'id':
      return [];
  }
}

function scopeValueSuggestions(scopeName: string, prefix: string, replace: Span, index: CompletionIndex, limit: number): Suggestion[] {
  const scope = SCOPES.find((definition) => definition.name === scopeName)?.scope;
  const set: ValueSet | null =
    scope === 'folder'
      ? 'folders'
      : scope === 'label'
        ? 'labels'
        : scope === 'collection'
          ? 'collections'
          : scope === 'document'
            ? 'attachments'
            : null;
  if (!set) return [];
  return index
    .lookup(set, prefix, limit)
    .map((value) => ({ kind: 'value', label: value.label, detail: value.detail, insert: quoteValue(value.value), replace }));
}

type WordToken = Extract<Token, { kind: 'word' }>;

function wordAt(text: string, cursor: number): WordToken | null {
  const tokens = tokenize(text, []);
  const found = tokens.find((token): token is WordToken => token.kind === 'word' && token.span.start < cursor && cursor <= token.span.end);
  return found ?? null;
}

function completeOperatorValue(
  text: string,
  cursor: number,
  token: WordToken,
  index: CompletionIndex,
  options: CompleteOptions,
): Suggestion[] {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const name = token.operator!;
  const colon = token.span.start + name.length;
  if (cursor <= colon) {
    const replace = { start: token.span.start, end: colon + 1 };
    const prefix = text.slice(token.span.start, cursor);
    return name.startsWith('@') ? scopeSuggestions(prefix, replace, limit) : operatorSuggestions(prefix, replace, limit);
  }
  let valueStart = colon + 1;
  let valueEnd = token.span.end;
  if (name.startsWith('@')) {
    // Several scope values are comma-separated: complete only the one under the cursor.
    const before = text.lastIndexOf(',', cursor - 1);
    if (before >= valueStart) valueStart = before + 1;
    const after = text.indexOf(',', cursor);
    if (after !== -1 && after < valueEnd) valueEnd = after;
    const prefix = text.slice(valueStart, cursor).replace(/^"/, '');
    return scopeValueSuggestions(name.slice(1).toLowerCase(), prefix, { start: valueStart, end: valueEnd }, index, limit);
  }
  const operator = findOperator(name);
  if (!operator) return [];
  const prefix = text.slice(valueStart, cursor).replace(/^"/, '');
  return valueSuggestions(operator, prefix, { start: valueStart, end: valueEnd }, index, options);
}

/**
 * Suggestions for the token under `cursor` (a character offset in `text`): operator and scope names while the word
 * has no colon, values once it has. Never throws; an empty list when there is nothing to offer.
 */
export function complete(
  text: string,
  cursor: number,
  index: CompletionIndex = EMPTY_COMPLETION_INDEX,
  options: CompleteOptions = {},
): Suggestion[] {
  try {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const at = Math.max(0, Math.min(text.length, Number.isFinite(cursor) ? Math.floor(cursor) : text.length));
    const token = wordAt(text, at);
    if (!token) return operatorSuggestions('', { start: at, end: at }, limit);
    if (token.quoted) return [];
    if (token.operator !== null) return completeOperatorValue(text, at, token, index, options);
    const prefix = text.slice(token.span.start, at);
    if (prefix.startsWith('@')) return scopeSuggestions(prefix, token.span, limit);
    return operatorSuggestions(prefix, token.span, limit);
  } catch (error) {
    // A suggestion list is never worth an exception in the search bar; an empty list is the honest answer.
    console.warn('query/complete: no suggestions, the completion index failed', error);
    return [];
  }
}
