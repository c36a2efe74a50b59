// Splits a mail passage into sentences worth quoting: quoted replies, attribution lines, signatures and list footers
// are dropped; wrapped lines are joined; short address-like lines are kept together as one labelled item.

export interface Sentence {
  text: string;
  /** Position among the passage's sentences, from 0. */
  index: number;
}

/** Words after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt vs etc e.g i.e eg ie approx apx no nos fig figs inc ltd co corp dept est ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun al cf ca ' +
    'min max ver rev vol pp ph.d p.s ps resp avg incl'
  ).split(' '),
);

const MAX_SENTENCE_CHARS = 600;

/** Lines after which everything is someone else's text or boilerplate, not the author's words. */
function isCutLine(line: string, next: string | undefined): boolean {
  if (line === '-- ' || line === '--') return true;
  if (/^_{5,}\s*$/.test(line)) return true;
  if (/^-{3,}\s*(Original Message|Forwarded message)\s*-{3,}/i.test(line)) return true;
  return /^From:\s/.test(line) && next !== undefined && /^(Sent|Date|To):\s/.test(next);
}

function isAttributionLine(line: string): boolean {
  return /^(On\s.{4,200}\swrote:|.{2,120}\s(wrote|writes|schrieb):)\s*$/i.test(line.trim());
}

/** The author's own lines, before any signature or quoted original. */
function ownLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isCutLine(line, lines[i + 1])) break;
    // Gmail wraps long attributions: "On Thu, May 2, 2019 at 11:26 AM Jane Doe <" / "jane@example.com> wrote:".
    if (/^On\s/.test(line) && !isAttributionLine(line) && isAttributionLine(`${line} ${lines[i + 1] ?? ''}`)) {
      kept.push('', '');
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line) || isAttributionLine(line)) {
      kept.push('');
      continue;
    }
    kept.push(line.replace(/\s+$/, ''));
  }
  return kept;
}

function isBullet(line: string): boolean {
  return /^\s*([-*•‣◦]|\d{1,2}[.)])\s+/.test(line);
}

const WRAP_WIDTH = 60;

/** Joins a paragraph's lines: wrapped prose with spaces, short label-like lines with "; " so items stay apart. */
function joinParagraph(lines: string[]): string[] {
  const segments: string[] = [];
  let current = '';
  let previous = '';
  for (const raw of lines) {
    const line = raw.trim().replace(/^[-*•‣◦]\s+/, '');
    if (line === '' || /^[=*#~_-]{5,}$/.test(line)) continue;
    if (current === '' || isBullet(raw)) {
      if (current !== '') segments.push(current);
      current = line;
    } else if (/[.!?]["')\]]?$/.test(previous) || previous.length >= WRAP_WIDTH || /[:,]$/.test(previous)) {
      current += ` ${line}`;
    } else {
      current += `; ${line}`;
    }
    previous = line;
  }
  if (current !== '') segments.push(current);
  return segments;
}

function endsWithAbbreviation(before: string): boolean {
  const match = /([\p{L}.]+)\.$/u.exec(before);
  if (match === null) return false;
  const word = match[1]!.toLowerCase();
  // A single letter is an initial ("Marcus D. Leech"), except a sentence-final pronoun "I".
  if (/^\p{L}$/u.test(word)) return word !== 'i';
  return ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/\.$/, ''));
}

/** Splits one segment at sentence ends, never after an abbreviation, an initial or before a lower-case word. */
function splitSegment(segment: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]+["')\]]*\s+(?=["'(]?[\p{Lu}\p{N}]|<?https?:\/\/)/gu;
  let start = 0;
  for (let match = boundary.exec(segment); match !== null; match = boundary.exec(segment)) {
    const end = match.index + match[0].trimEnd().length;
    if (/^\./.test(match[0]) && endsWithAbbreviation(segment.slice(start, match.index + 1))) continue;
    sentences.push(segment.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  sentences.push(segment.slice(start).trim());
  return sentences
    .flatMap((sentence) => cutLong(sentence))
    .filter((sentence) => /\p{L}/u.test(sentence.replace(/<?\b(https?:\/\/|www\.)\S+/g, '')));
}

/** Logs and pasted code make run-on "sentences": cut them at clause marks so a quote stays readable. */
function cutLong(sentence: string): string[] {
  if (sentence.length <= MAX_SENTENCE_CHARS) return [sentence];
  const cut = Math.max(sentence.lastIndexOf('; ', MAX_SENTENCE_CHARS), sentence.lastIndexOf(', ', MAX_SENTENCE_CHARS));
  const at = cut > MAX_SENTENCE_CHARS / 3 ? cut + 1 : sentence.lastIndexOf(' ', MAX_SENTENCE_CHARS);
  if (at <= 0) return [sentence.slice(0, MAX_SENTENCE_CHARS), ...cutLong(sentence.slice(MAX_SENTENCE_CHARS))];
  return [sentence.slice(0, at).trim(), ...cutLong(sentence.slice(at).trim())];
}

export function splitSentences(text: string): Sentence[] {
  const paragraphs: string[][] = [[]];
  for (const line of ownLines(text)) {
    if (line.trim() === '') paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  return paragraphs
    .flatMap((paragraph) => joinParagraph(paragraph))
    .flatMap((segment) => splitSegment(segment))
    .map((sentence, index) => ({ text: sentence, index }));
}

const INTRODUCTION = /:\s*$/;
/** How many words a list item may have: "Mark Shuttleworth, Canonical", "Friday June 14; 08:00 to 17:00". */
const LIST_ITEM_WORDS = 15;

/**
 * For each sentence, the terms of the line that introduces the list it stands in ("This year, our keynote speakers
 * will be:"), or none. A list runs over short items without a full stop, and ends at the first prose sentence.
 */
export function listIntroductions(texts: string[], termSets: Set<string>[]): Set<string>[] {
  const none = new Set<string>();
  let current = none;
  return texts.map((text, index) => {
    const intro = current;
    if (INTRODUCTION.test(text)) current = termSets[index]!;
    else if (text.split(/\s+/).length > LIST_ITEM_WORDS || /[.!?]$/.test(text)) current = none;
    return INTRODUCTION.test(text) ? none : text.split(/\s+/).length > LIST_ITEM_WORDS ? none : intro;
  });
}
