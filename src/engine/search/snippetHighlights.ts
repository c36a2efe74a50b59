// Picks the part of a message to preview for a query and marks where the query's words occur in it.
import type { Highlight } from '../../shared/model/search';
import { foldText, words } from '../index/fold';
import type { ListedEntry } from '../index/catalogEntry';
import { isStopword } from '../answer/terms';
import { decodeAttachmentTexts } from '../store/messageRecord';

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
export function snippetFor(
  storedSnippet: string,
  text: string,
  allTerms: string[],
  fallback?: string,
): { snippet: string; highlights: Highlight[] } {
  // "why is numpy missing on the E320?" highlights numpy, missing and E320, not every "is" and "the".
  const meaningful = allTerms.filter((term) => !isStopword(term));
  const terms = meaningful.length > 0 ? meaningful : allTerms;
  const inSnippet = highlightRanges(storedSnippet, terms);
  const pattern = termPattern(terms);
  const plain = storedSnippet || collapse(fallback ?? text);
  if (inSnippet.length > 0) return { snippet: storedSnippet, highlights: inSnippet };
  const first = pattern?.exec(text);
  if (!first) return { snippet: plain, highlights: highlightRanges(plain, terms) };
  const start = Math.max(0, first.index - 60);
  const window = text
    .slice(start, start + WINDOW)
    .replace(/\s+/g, ' ')
    .trim();
  const snippet = `${start > 0 ? '…' : ''}${window}${start + WINDOW < text.length ? '…' : ''}`;
  return { snippet, highlights: highlightRanges(snippet, terms) };
}

/** The stored texts a hit's match can lie in. */
export interface StoredTexts {
  text: string;
  attachmentTextJson: string;
}

/** Whether the text holds a query word: by the highlight pattern, and for non-ASCII text also after folding (café for cafe). */
function mentions(text: string, pattern: RegExp | null, wanted: string[]): boolean {
  if (!pattern || text === '') return false;
  pattern.lastIndex = 0;
  if (pattern.test(text)) return true;
  if (!/[^\p{ASCII}]/u.test(text)) return false;
  const folded = foldText(text);
  return wanted.some((word) => folded.includes(word));
}

/**
 * Where the query matched and the text to preview from: the semantic passage's origin, else the subject, an attachment
 * name, the body, or the attachment whose text holds a query word (then its text is the one to preview).
 */
export function matchOf(
  entry: ListedEntry,
  terms: string[],
  semanticOrigin?: string,
  stored?: StoredTexts,
): { matchedIn: string; text: string } {
  const body = stored?.text ?? '';
  if (semanticOrigin) {
    // A passage found in an attachment is shown from that attachment's text (a hybrid hit's snippet is cut from it).
    const attachment =
      semanticOrigin === 'body' || !stored
        ? undefined
        : decodeAttachmentTexts(stored.attachmentTextJson).find((item) => item.filename === semanticOrigin);
    return { matchedIn: semanticOrigin, text: attachment?.text || body };
  }
  const wanted = terms.flatMap((term) => words(term));
  if (wanted.length === 0) return { matchedIn: 'body', text: body };
  if (wanted.some((word) => entry.foldedSubject.includes(word))) return { matchedIn: 'subject', text: body };
  const named = entry.attachments.find((item) => wanted.some((word) => foldText(item.filename).includes(word)));
  if (named) return { matchedIn: named.filename, text: body };
  const pattern = termPattern(terms);
  if (!stored || mentions(body, pattern, wanted)) return { matchedIn: 'body', text: body };
  const inAttachment = decodeAttachmentTexts(stored.attachmentTextJson).find((item) => mentions(item.text, pattern, wanted));
  return inAttachment ? { matchedIn: inAttachment.filename, text: inAttachment.text } : { matchedIn: 'body', text: body };
}
