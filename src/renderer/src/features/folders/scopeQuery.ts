// Puts a folder or label scope (`in:/<whole path>`, with `@collection:<source>` where the path alone would also find
// another source's folder) into a query, replacing any scope already there, using the shared tokenizer.
import { tokenize, type Token } from '../../../../shared/query/tokenize';
import { findOperator } from '../../../../shared/query/grammar';
import { quoteValue } from '../../../../shared/query/quoteValue';
import type { Diagnostic } from '../../../../shared/query/ast';

type WordToken = Extract<Token, { kind: 'word' }>;

/** A place a click in the tree scopes the search to. */
export interface FolderScope {
  path: string;
  /** The source the folder is in, when its path alone is ambiguous; null otherwise. */
  collection: string | null;
}

/** `in:anywhere` is not a place but a wish to see Trash and Spam too: a folder click keeps it. */
function isAnywhere(token: WordToken): boolean {
  return token.text.toLowerCase() === 'anywhere';
}

function isPlaceToken(token: Token): token is WordToken {
  return token.kind === 'word' && token.operator !== null && findOperator(token.operator)?.name === 'in' && !isAnywhere(token);
}

function isCollectionToken(token: Token): token is WordToken {
  return token.kind === 'word' && token.operator?.toLowerCase() === '@collection';
}

export { quoteValue };

/** The first `in:` place of the query (with its `@collection:`), or null when the query is not scoped to a place. */
export function currentScope(query: string): FolderScope | null {
  const diagnostics: Diagnostic[] = [];
  const tokens = tokenize(query, diagnostics);
  const place = tokens.find(isPlaceToken);
  if (!place) return null;
  return { path: place.text, collection: tokens.find(isCollectionToken)?.text ?? null };
}

/**
 * The query with its `in:` places and `@collection:` scopes removed and, when `scope` is given, that scope put first.
 * The rest stays, `in:anywhere` too: it asks for Trash and Spam, which a folder click should not silently take away.
 */
export function withScope(query: string, scope: FolderScope | string | null): string {
  const diagnostics: Diagnostic[] = [];
  const scopes = tokenize(query, diagnostics).filter((token) => isPlaceToken(token) || isCollectionToken(token));
  let rest = query;
  // From the end, so earlier spans stay valid; a leading minus belongs to the term it negates.
  for (const token of [...scopes].reverse()) {
    const start = token.span.start > 0 && rest[token.span.start - 1] === '-' ? token.span.start - 1 : token.span.start;
    rest = rest.slice(0, start) + rest.slice(token.span.end);
  }
  rest = rest.replace(/\s+/g, ' ').trim();
  if (scope === null) return rest;
  const { path, collection } = typeof scope === 'string' ? { path: scope, collection: null } : scope;
  const place = `in:${quoteValue(path)}${collection === null ? '' : ` @collection:${quoteValue(collection)}`}`;
  return rest ? `${place} ${rest}` : place;
}
