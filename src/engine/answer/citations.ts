// Citation helpers shared by every provider: turning a passage into a citation, and making bracketed numbers
// inside mail text harmless so only the provider's own markers read as citations.
import type { AnswerCitation, Passage } from './types';

const MAX_QUOTE_CHARS = 400;

/** "[7]" written inside a mail is text, not a citation: show it as "(7)" so no reader mistakes it for one. */
export function neutralizeMarkers(text: string): string {
  return text.replace(/\[(\s*\d+\s*(?:[,\-–]\s*\d+\s*)*)\]/g, '($1)');
}

export function toCitation(passage: Passage, quote: string): AnswerCitation {
  const clean = neutralizeMarkers(quote.replace(/\s+/g, ' ').trim());
  return {
    n: passage.n,
    id: passage.messageId,
    subject: passage.subject,
    from: passage.from,
    date: passage.date,
    quote: clean.length > MAX_QUOTE_CHARS ? `${clean.slice(0, MAX_QUOTE_CHARS - 1).trimEnd()}…` : clean,
  };
}

/** A sender's name as a person would say it: mailing lists rewrite it to "Jane Doe via Some-list". */
export function senderName(passage: Passage): string {
  const name = passage.from.name.replace(/\s+via\s+\S+$/i, '').trim();
  return name !== '' ? name : passage.from.address;
}

/** "2 May 2019" from an ISO date; the UTC day, so the same mail always reads the same. */
export function readableDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
