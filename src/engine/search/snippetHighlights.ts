// Picks the part of a message to preview for a query and marks where the query's words occur in it.
import type { Highlight } from '../../shared/model/search';
import { foldText, words } from '../index/fold';
import type { CatalogEntry } from '../index/catalog';

const WINDOW = 200;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termPattern(terms: string[]): RegExp | null {
  const unique = [...new Set(terms.flatMap((term) => words(term)).filter((word) => word.length >= 2))];
  if (unique.length === 0) return null;
  unique.sort((first, second) => second.length - first.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(${unique.map(escapeRegExp).join('|')})`, 'giu');
}

export function highlightRanges(text: string, terms: string[]): Highlight[] {
  const pattern = termPattern(terms);
  if (!pattern) return [];
  const ranges: Highlight[] = [];
  for (const match of text.matchAll(pattern)) {
    ranges.push({ start: match.index, end: match.index + match[0].length });
    if (ranges.length >= 50) break;
  }
  return ranges;
}

function collapse(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > WINDOW ? `${collapsed.slice(0, WINDOW - 1)}…` : collapsed;
}

/**
 * The stored snippet when it already shows a query word, else a window of the text around the first match; with no
 * word match, the passage semantic search matched (`fallback`), else the stored snippet.
 */
export function snippetFor(storedSnippet: string, text: string, terms: string[], fallback?: string): { snippet: string; highlights: Highlight[] } {
  const inSnippet = highlightRanges(storedSnippet, terms);
  const pattern = termPattern(terms);
  const plain = storedSnippet || collapse(fallback ?? text);
  if (inSnippet.length > 0) return { snippet: storedSnippet, highlights: inSnippet };
  const first = pattern?.exec(text);
  if (!first) return { snippet: plain, highlights: highlightRanges(plain, terms) };
  const start = Math.max(0, first.index - 60);
  const window = text.slice(start, start + WINDOW).replace(/\s+/g, ' ').trim();
  const snippet = `${start > 0 ? '…' : ''}${window}${start + WINDOW < text.length ? '…' : ''}`;
  return { snippet, highlights: highlightRanges(snippet, terms) };
}

/** Where the query matched: the semantic passage's origin, else the subject, an attachment name, or the body. */
export function matchedInFor(entry: CatalogEntry, terms: string[], semanticOrigin?: string): string {
  if (semanticOrigin) return semanticOrigin;
  const wanted = terms.flatMap((term) => words(term));
  if (wanted.length === 0) return 'body';
  if (wanted.some((word) => entry.foldedSubject.includes(word))) return 'subject';
  const attachment = entry.attachments.find((item) => wanted.some((word) => foldText(item.filename).includes(word)));
  return attachment ? attachment.filename : 'body';
}
