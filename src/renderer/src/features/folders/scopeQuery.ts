// Puts a folder or label scope (`in:<path>`) into a query, replacing any scope already there, using the shared tokenizer.
import { tokenize, type Token } from '../../../../shared/query/tokenize';
import { findOperator } from '../../../../shared/query/grammar';
import type { Diagnostic } from '../../../../shared/query/ast';

type WordToken = Extract<Token, { kind: 'word' }>;

function isScopeToken(token: Token): token is WordToken {
  return token.kind === 'word' && token.operator !== null && findOperator(token.operator)?.name === 'in';
}

/** Quotes a value when the tokenizer would otherwise split it. */
export function quoteValue(value: string): string {
  return /[\s(){}":]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value;
}

/** The first `in:` value of the query, or null when the query is not scoped. */
export function currentScope(query: string): string | null {
  const diagnostics: Diagnostic[] = [];
  const token = tokenize(query, diagnostics).find(isScopeToken);
  return token ? token.text : null;
}

/** The query with every `in:` term removed and, when `path` is given, `in:<path>` put first. */
export function withScope(query: string, path: string | null): string {
  const diagnostics: Diagnostic[] = [];
  const scopes = tokenize(query, diagnostics).filter(isScopeToken);
  let rest = query;
  // From the end, so earlier spans stay valid; a leading minus belongs to the term it negates.
  for (const token of [...scopes].reverse()) {
    const start = token.span.start > 0 && rest[token.span.start - 1] === '-' ? token.span.start - 1 : token.span.start;
    rest = rest.slice(0, start) + rest.slice(token.span.end);
  }
  rest = rest.replace(/\s+/g, ' ').trim();
  if (path === null) return rest;
  const scope = `in:${quoteValue(path)}`;
  return rest ? `${scope} ${rest}` : scope;
}
