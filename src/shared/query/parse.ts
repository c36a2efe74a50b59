// Parses query text into a QueryNode tree with diagnostics; never throws.
import type { Diagnostic, Interpretation, ParsedQuery, QueryNode, Span } from './ast';
import { findOperator } from './grammar';
import { words } from './fold';
import { buildFilter, SCOPE_NAMES, type ValueContext } from './filterValues';
import { alternativeReading } from './alternativeReading';
import {
  readPlainEnglish,
  readsAsRequest,
  type KnownContact,
  type PlainEnglishContext,
  type PlainEnglishResult,
  type PlainWord,
} from './plainEnglish';
import { queryTerms } from './queryTerms';
import { tokenize, type Token } from './tokenize';
import { systemTimeZone } from './zonedTime';

export interface ParseOptions {
  /**
   * IANA zone that dates in the query are read in; the system's by default. A function is asked only when the query
   * has a date: finding the zone starts ICU's time-zone data, which a query without dates never needs.
   */
  timeZone?: string | (() => string);
  /** "Now" for relative dates, epoch ms; Date.now() by default. */
  now?: number;
  /**
   * People the archive knows: "with Janesh" becomes participants:Janesh only when a contact is called that. A function
   * is asked only when the query names someone after "with", "from" or the like: an engine reads its contacts then.
   */
  contacts?: readonly KnownContact[] | (() => readonly KnownContact[]);
  /**
   * When question words ("what", "the", "about") are left out of the keyword terms: `understood` (the default) only
   * when the words asked for something (a count, an order, a kind, a person, a date), so a plain description stays
   * whole for keyword matching; `always` for every query. Either way `ParsedQuery.semanticText` keeps them.
   */
  dropFiller?: 'understood' | 'always';
}

/** A token, or a node the plain-English pass already built from a run of words. */
type ParserToken = Token | { kind: 'node'; node: QueryNode; span: Span };

function spanOf(nodes: QueryNode[]): Span {
  return { start: nodes[0]!.span.start, end: nodes[nodes.length - 1]!.span.end };
}

function combine(kind: 'and' | 'or', nodes: QueryNode[]): QueryNode | null {
  if (nodes.length === 0) return null;
  if (nodes.length === 1) return nodes[0]!;
  return { kind, children: nodes, span: spanOf(nodes) };
}

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: ParserToken[],
    private readonly diagnostics: Diagnostic[],
    private readonly context: ValueContext,
  ) {}

  parseAll(): QueryNode | null {
    const root = this.parseOr(null);
    while (this.index < this.tokens.length) {
      const stray = this.tokens[this.index++]!;
      this.diagnostics.push({
        severity: 'warning',
        message: `Unmatched "${stray.kind === 'close' ? stray.bracket : '?'}" ignored`,
        span: stray.span,
      });
      const rest = this.parseOr(null);
      if (rest)
        return combine(
          'and',
          [root, rest].filter((node): node is QueryNode => node !== null),
        );
    }
    return root;
  }

  private peek(): ParserToken | undefined {
    return this.tokens[this.index];
  }

  private isKeyword(token: ParserToken | undefined, word: string): boolean {
    return token?.kind === 'word' && !token.quoted && token.operator === null && token.text === word;
  }

  private parseOr(closing: ')' | '}' | null): QueryNode | null {
    const alternatives: QueryNode[] = [];
    let current = this.parseAnd(closing);
    while (this.isKeyword(this.peek(), 'OR')) {
      this.index += 1;
      if (current) alternatives.push(current);
      current = this.parseAnd(closing);
    }
    if (current) alternatives.push(current);
    return combine('or', alternatives);
  }

  private parseAnd(closing: ')' | '}' | null): QueryNode | null {
    const parts: QueryNode[] = [];
    for (;;) {
      const token = this.peek();
      if (!token || this.isKeyword(token, 'OR')) break;
      if (token.kind === 'close') {
        if (token.bracket === (closing === null ? '' : closing)) break;
        if (closing !== null) break;
        break;
      }
      if (this.isKeyword(token, 'AND')) {
        this.index += 1;
        continue;
      }
      const node = this.parseUnary(closing);
      if (node) parts.push(node);
    }
    return combine('and', parts);
  }

  private parseUnary(closing: ')' | '}' | null): QueryNode | null {
    const token = this.peek()!;
    if (token.kind === 'minus' || this.isKeyword(token, 'NOT')) {
      this.index += 1;
      const child = this.peek() ? this.parseUnary(closing) : null;
      if (!child) return null;
      return { kind: 'not', child, span: { start: token.span.start, end: child.span.end } };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): QueryNode | null {
    const token = this.tokens[this.index++]!;
    switch (token.kind) {
      case 'open': {
        const closing = token.bracket === '(' ? ')' : '}';
        const inner = token.bracket === '(' ? this.parseOr(closing) : this.parseBraces();
        const next = this.peek();
        if (next?.kind === 'close' && next.bracket === closing) {
          this.index += 1;
        } else {
          this.diagnostics.push({
            severity: 'warning',
            message: `Unclosed "${token.bracket}": closed at the end of the query`,
            span: token.span,
          });
        }
        return inner;
      }
      case 'close':
        this.diagnostics.push({ severity: 'warning', message: `Unmatched "${token.bracket}" ignored`, span: token.span });
        return null;
      case 'minus':
        return null;
      case 'word':
        return this.parseWord(token);
      case 'node':
        return token.node;
    }
  }

  /** `{a b}` is Gmail's OR group. */
  private parseBraces(): QueryNode | null {
    const members: QueryNode[] = [];
    for (let token = this.peek(); token && !(token.kind === 'close' && token.bracket === '}'); token = this.peek()) {
      if (token.kind === 'close') break;
      const node = this.parseUnary('}');
      if (node) members.push(node);
    }
    return combine('or', members);
  }

  private parseWord(token: Extract<Token, { kind: 'word' }>): QueryNode | null {
    if (token.operator === null) {
      if (token.text === '') return null;
      return { kind: 'text', value: token.text, phrase: token.quoted, span: token.span };
    }
    if (token.operator.startsWith('@')) return this.parseScope(token);
    const operator = findOperator(token.operator);
    if (!operator && (!OPERATOR_NAME.test(token.operator) || token.text.startsWith('//'))) {
      // "10:30", "http://x" and "re:" are words with a colon, not operators.
      return { kind: 'text', value: `${token.operator}:${token.text}`, phrase: false, span: token.span };
    }
    if (!operator) {
      this.diagnostics.push({ severity: 'warning', message: `Unknown operator "${token.operator}:": searched as text`, span: token.span });
      return { kind: 'text', value: `${token.operator} ${token.text}`.trim(), phrase: false, span: token.span };
    }
    if (token.text.trim() === '') {
      if (token.valueQuoted) {
        this.diagnostics.push({ severity: 'warning', message: `${operator.name}: has an empty value: ignored`, span: token.span });
        return null;
      }
      this.diagnostics.push({
        severity: 'warning',
        message: `${operator.name}: has no value: searched as the word "${token.operator}"`,
        span: token.span,
      });
      return { kind: 'text', value: token.operator, phrase: false, span: token.span };
    }
    const result = buildFilter(operator, token.text, this.context);
    if ('problem' in result) {
      this.diagnostics.push({ severity: 'warning', message: `${result.problem}: filter skipped`, span: token.span });
      return null;
    }
    return { kind: 'filter', operator: token.operator.toLowerCase(), filter: result.filter, span: token.span };
  }

  private parseScope(token: Extract<Token, { kind: 'word' }>): QueryNode | null {
    const name = token.operator!.slice(1).toLowerCase();
    const scope = SCOPE_NAMES[name];
    const values = token.text
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (!scope || values.length === 0) {
      this.diagnostics.push({ severity: 'warning', message: `Unknown scope "@${name}:": ignored`, span: token.span });
      return null;
    }
    return { kind: 'filter', operator: `@${name}`, filter: { field: 'scope', scope, values }, span: token.span };
  }
}

const OPERATOR_NAME = /^[a-z][a-z_0-9]*$/i;

/**
 * A bare word or phrase with no letter or digit ("&" or "-" of a pasted subject, "—", "…", an emoji, `@*`) is in no
 * message's words, so as a required word it made the whole search find nothing; Gmail ignores such punctuation, and
 * so does the parser, with the minus that negated it ("-&"), which would otherwise negate the next word instead. A
 * phrase of words keeps its punctuation ("a - b" is the phrase "a b"); operators and their values are untouched.
 */
function dropWordless(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  for (const token of tokens) {
    if (token.kind === 'word' && token.operator === null && words(token.text).length === 0) {
      if (kept.at(-1)?.kind === 'minus') kept.pop();
      continue;
    }
    kept.push(token);
  }
  return kept;
}

function isPlainWord(token: Token | undefined, previous: Token | undefined): token is Extract<Token, { kind: 'word' }> {
  return (
    token?.kind === 'word' && !token.quoted && token.operator === null && !/^(OR|AND|NOT)$/.test(token.text) && previous?.kind !== 'minus'
  );
}

interface PlainRuns {
  tokens: ParserToken[];
  plain: PlainEnglishResult[];
  /** The words no operator or constraint used, phrases included, for a sentence embedder. */
  semanticWords: string[];
  /** Weak constraints left as words because the query did not read as a request. */
  deferred: Interpretation[];
}

/** Runs the plain-English pass over each run of bare words outside brackets, operators and quotes. */
function readPlainRuns(tokens: Token[], options: ParseOptions, context: PlainEnglishContext): PlainRuns {
  const pieces: Array<ParserToken | PlainWord[]> = [];
  const runs: PlainWord[][] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length;) {
    const token = tokens[index]!;
    if (depth > 0 || !isPlainWord(token, tokens[index - 1])) {
      if (token.kind === 'open') depth += 1;
      if (token.kind === 'close' && depth > 0) depth -= 1;
      pieces.push(token);
      index += 1;
      continue;
    }
    const run: PlainWord[] = [];
    while (index < tokens.length && isPlainWord(tokens[index], tokens[index - 1])) {
      const word = tokens[index] as Extract<Token, { kind: 'word' }>;
      run.push({ text: word.text, span: word.span });
      index += 1;
    }
    runs.push(run);
    pieces.push(run);
  }
  let plain = runs.map((run) => readPlainEnglish(run, context));
  // Words a subject uses as often as a request ("today", "on Friday", "presentations") stay words unless the query
  // reads as a request; the constraints they could be are offered as the alternative reading.
  let deferred: Interpretation[] = [];
  if (plain.some((result) => result.weak.length > 0) && !readsAsRequest(runs, plain)) {
    deferred = plain.flatMap((result) => result.weak);
    plain = runs.map((run) => readPlainEnglish(run, context, { readsWeak: false }));
  }
  const isRequest = options.dropFiller === 'always' || plain.some((result) => result.understood.length > 0);
  const output: ParserToken[] = [];
  const semanticWords: string[] = [];
  let runIndex = 0;
  for (let position = 0; position < pieces.length; position += 1) {
    const piece = pieces[position]!;
    if (!Array.isArray(piece)) {
      const previous = pieces[position - 1];
      const follows = previous !== undefined && !Array.isArray(previous) ? previous : undefined;
      if (piece.kind === 'word' && piece.operator === null && follows?.kind !== 'minus' && !/^(OR|AND|NOT)$/.test(piece.text)) {
        semanticWords.push(piece.text);
      }
      output.push(piece);
      continue;
    }
    const result = plain[runIndex++]!;
    semanticWords.push(...result.leftover);
    // A run of nothing but filler ("the who") is what the person wants to find, request or not.
    const nodes = isRequest && (result.nodes.length > 0 || result.understood.length > 0) ? result.nodes : result.typed;
    for (const node of nodes) output.push({ kind: 'node', node, span: node.span });
  }
  return { tokens: output, plain, semanticWords, deferred };
}

/** The zone and the contacts are found when first needed, not when the query is read (see ParseOptions). */
function valueContext(options: ParseOptions): PlainEnglishContext {
  let zone: string | undefined;
  let contacts: readonly KnownContact[] | undefined;
  return {
    get timeZone(): string {
      zone ??= typeof options.timeZone === 'function' ? options.timeZone() : (options.timeZone ?? systemTimeZone());
      return zone;
    },
    now: options.now ?? Date.now(),
    get contacts(): readonly KnownContact[] {
      contacts ??= typeof options.contacts === 'function' ? options.contacts() : (options.contacts ?? []);
      return contacts;
    },
  };
}

export function parseQuery(text: string, options: ParseOptions = {}): ParsedQuery {
  const diagnostics: Diagnostic[] = [];
  const context = valueContext(options);
  const typed = tokenize(text, diagnostics);
  const { tokens, plain, semanticWords, deferred } = readPlainRuns(dropWordless(typed), options, context);
  const root = new Parser(tokens, diagnostics, context).parseAll();
  const limit = plain.find((result) => result.limit !== null)?.limit ?? null;
  const order = plain.find((result) => result.order !== null)?.order ?? null;
  const understood: Interpretation[] = plain.flatMap((result) => result.understood);
  const sort = order === null ? null : 'date';
  const parsed: ParsedQuery = {
    text,
    tokens: typed,
    root,
    limit,
    sort,
    semanticText: semanticWords.join(' '),
    diagnostics,
    terms: queryTerms(root),
  };
  if (order !== null) parsed.dateOrder = order;
  if (understood.length > 0) parsed.understood = understood;
  const alternative = alternativeReading(text, understood, deferred);
  if (alternative) parsed.alternative = alternative;
  return parsed;
}
