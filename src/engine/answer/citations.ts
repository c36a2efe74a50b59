// Citation helpers shared by every provider: turning a passage into a citation, and making bracketed numbers
// inside mail text harmless so only the provider's own markers read as citations.
import type { Answer, AnswerCitation, Passage } from './types';

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

/**
 * Numbers the citations 1, 2, … in the order the answer first cites them, whatever the passages' numbers were: an
 * answer reading "[7] … [1]" reads "[1] … [2]". Markers that name no citation are left as they are.
 */
export function numberInOrder(answer: Answer): Answer {
  const cited = new Set(answer.citations.map((citation) => citation.n));
  const order = new Map<number, number>();
  for (const marker of answer.answer.matchAll(/\[(\d+)\]/g)) {
    const n = Number(marker[1]);
    if (cited.has(n) && !order.has(n)) order.set(n, order.size + 1);
  }
  for (const citation of answer.citations) if (!order.has(citation.n)) order.set(citation.n, order.size + 1);
  const text = answer.answer.replace(/\[(\d+)\]/g, (marker, digits: string) => {
    const n = order.get(Number(digits));
    return n === undefined ? marker : `[${n}]`;
  });
  const citations = answer.citations.map((citation) => ({ ...citation, n: order.get(citation.n)! })).sort((a, b) => a.n - b.n);
  return { ...answer, answer: text, citations };
}
