// The other reading of words that could be a constraint or part of a subject, as the query text that searches it.
import type { AlternativeReading, Interpretation, ReadingFlip } from './ast';
import { DATE_PREPOSITIONS, PERSON_PREPOSITIONS } from './vocabulary';

/** "on Friday" -> "on ", "Friday": the preposition that led a constraint stays a word in either reading. */
function splitPreposition(words: string): { preposition: string; rest: string } {
  const match = /^(\S+\s+)(\S[\s\S]*)$/.exec(words);
  const first = match?.[1]!.trim().toLowerCase() ?? '';
  if (!match || !(Object.hasOwn(DATE_PREPOSITIONS, first) || Object.hasOwn(PERSON_PREPOSITIONS, first)))
    return { preposition: '', rest: words };
  return { preposition: match[1]!, rest: match[2]! };
}

/** Understood constraints that have an operator form: a count or an order ("5", "latest") has no word reading worth offering. */
const isConstraint = (interpretation: Interpretation): boolean => /^[a-z_]+:/.test(interpretation.meaning);

function flipsOf(text: string, interpretations: readonly Interpretation[]): ReadingFlip[] {
  return interpretations.filter(isConstraint).map((interpretation) => ({
    span: interpretation.span,
    text: splitPreposition(text.slice(interpretation.span.start, interpretation.span.end)).rest,
    meaning: interpretation.meaning,
  }));
}

/** `text` with each flip's words replaced, last first so the earlier spans stay where they are. */
function rewritten(text: string, flips: readonly ReadingFlip[], replacement: (flip: ReadingFlip) => string): string {
  let result = text;
  for (const flip of [...flips].sort((first, second) => second.span.start - first.span.start)) {
    result = result.slice(0, flip.span.start) + replacement(flip) + result.slice(flip.span.end);
  }
  return result;
}

/** Quoted, words are searched as words: a quote inside them (`5" disk`) is dropped rather than ending the phrase early. */
const quoted = (words: string): string => `"${words.replace(/"/g, ' ').trim()}"`;

/**
 * When weak constraints were left as words (`deferred`), the alternative reads them as constraints; otherwise, when
 * constraints were understood, it reads them as words. Null when the words have one reading only.
 */
export function alternativeReading(
  text: string,
  understood: readonly Interpretation[],
  deferred: readonly Interpretation[],
): AlternativeReading | null {
  if (deferred.length > 0) {
    const flips = flipsOf(text, deferred);
    if (flips.length > 0) return { reads: 'constraints', query: rewritten(text, flips, (flip) => flip.meaning), flips };
  }
  const flips = flipsOf(text, understood);
  if (flips.length === 0) return null;
  const asWords = (flip: ReadingFlip): string => {
    const { preposition } = splitPreposition(text.slice(flip.span.start, flip.span.end));
    return `${preposition}${quoted(flip.text)}`;
  };
  return { reads: 'words', query: rewritten(text, flips, asWords), flips };
}
