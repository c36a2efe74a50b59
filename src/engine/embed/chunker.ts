// Splits a message into passages for embedding: subject and the author's own body text, then each attachment's text,
// in windows of about 300–500 tokens that overlap by about 50, cut at paragraph or sentence ends where possible.
import { stripReplies } from '../../shared/mail/replyParts';

export type ChunkOrigin = 'subject+body' | { attachment: string };

export interface Chunk {
  /** The text to embed; body passages start with the subject so each one carries the topic. */
  text: string;
  origin: ChunkOrigin;
  /** Position among all of the message's chunks, from 0: with the message id it names the chunk. */
  index: number;
}

export interface ChunkableMessage {
  subject: string;
  /** Plain text; HTML-only mail is converted to text before it gets here. */
  body: string;
  attachments?: { filename: string; text: string }[];
}

export interface ChunkOptions {
  minTokens?: number;
  maxTokens?: number;
  overlapTokens?: number;
  /** Logs, hex dumps and URLs pack many tokens into few words; this bounds a passage however its words count. */
  maxCharacters?: number;
  /**
   * Embedding a 300-page PDF whole would hold up a whole import on 2 cores; the keyword index still has every
   * word, so passages past this many per source are left out of semantic search.
   */
  maxChunksPerSource?: number;
}

/** English text averages about 1.3 word-piece tokens per whitespace word. */
const TOKENS_PER_WORD = 1.3;
const DEFAULTS: Required<ChunkOptions> = {
  minTokens: 300,
  maxTokens: 500,
  overlapTokens: 50,
  maxCharacters: 3_000,
  maxChunksPerSource: 24,
};
const LONGEST_SUBJECT_WORDS = 30;

export function estimateTokens(text: string): number {
  return Math.ceil((text.match(/\S+/g)?.length ?? 0) * TOKENS_PER_WORD);
}

/** "Re: [USRP-users] Fwd: E312 wrong sample rate" becomes "E312 wrong sample rate". */
export function cleanSubject(subject: string): string {
  const prefix = /^\s*(?:(?:re|fwd?|aw|sv|wg|antw)\s*(?:\[\d+\])?\s*:|\[[^\]]{1,40}\])\s*/i;
  let rest = subject;
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(prefix, '');
  }
  return rest.trim().replace(/\s+/g, ' ');
}

interface Word {
  start: number;
  end: number;
  /** A blank line or a sentence end follows this word, so a passage may end here. */
  breakStrength: 0 | 1 | 2;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    words.push({ start, end, breakStrength: /[.!?:;]["')\]]*$/.test(match[0]) ? 1 : 0 });
  }
  for (let index = 0; index + 1 < words.length; index += 1) {
    const word = words[index]!;
    const gap = text.slice(word.end, words[index + 1]!.start);
    if (/\n\s*\n/.test(gap)) word.breakStrength = 2;
  }
  return words;
}

/** The word index (exclusive) where the passage starting at `start` ends: the strongest break in the allowed range. */
function chooseEnd(words: Word[], start: number, minWords: number, maxWords: number, maxCharacters: number): number {
  const firstCharacter = words[start]!.start;
  let limit = Math.min(words.length, start + maxWords);
  while (limit > start + 1 && words[limit - 1]!.end - firstCharacter > maxCharacters) limit -= 1;
  if (limit === words.length) return limit;
  const earliest = Math.min(limit, start + minWords);
  let best = limit;
  let bestStrength = -1;
  for (let end = limit; end >= earliest; end -= 1) {
    const strength = words[end - 1]!.breakStrength;
    if (strength > bestStrength) {
      best = end;
      bestStrength = strength;
      if (strength === 2) break;
    }
  }
  return best;
}

/** Overlapping passages of `text`, each the original characters (line breaks kept) between two word boundaries. */
export function splitIntoPassages(text: string, options: Required<ChunkOptions>, budgetWords = 0): string[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const maxWords = Math.max(1, Math.floor(options.maxTokens / TOKENS_PER_WORD) - budgetWords);
  const minWords = Math.max(1, Math.min(maxWords, Math.floor(options.minTokens / TOKENS_PER_WORD) - budgetWords));
  const overlapWords = Math.min(Math.round(options.overlapTokens / TOKENS_PER_WORD), Math.floor(minWords / 2));
  const passages: string[] = [];
  let start = 0;
  while (start < words.length && passages.length < options.maxChunksPerSource) {
    const end = chooseEnd(words, start, minWords, maxWords, options.maxCharacters);
    passages.push(text.slice(words[start]!.start, words[end - 1]!.end));
    if (end >= words.length) break;
    start = Math.max(start + 1, end - overlapWords);
  }
  return passages;
}

export function chunkMessage(message: ChunkableMessage, options: ChunkOptions = {}): Chunk[] {
  const settings = { ...DEFAULTS, ...options };
  const subject = cleanSubject(message.subject).split(' ').slice(0, LONGEST_SUBJECT_WORDS).join(' ');
  const subjectWords = subject === '' ? 0 : subject.split(' ').length;
  const chunks: Chunk[] = [];

  const body = stripReplies(message.body);
  const bodyPassages = splitIntoPassages(body, settings, subjectWords);
  if (bodyPassages.length === 0 && subject !== '') bodyPassages.push('');
  for (const passage of bodyPassages) {
    const text = [subject, passage].filter((part) => part !== '').join('\n\n');
    chunks.push({ text, origin: 'subject+body', index: chunks.length });
  }

  for (const attachment of message.attachments ?? []) {
    const nameWords = attachment.filename.split(/\s+/).length;
    for (const passage of splitIntoPassages(attachment.text.replace(/\r\n?/g, '\n'), settings, nameWords)) {
      // The file name often says what the document is ("invoice-march.pdf"), which the passage alone may not.
      chunks.push({ text: `${attachment.filename}\n\n${passage}`, origin: { attachment: attachment.filename }, index: chunks.length });
    }
  }
  return chunks;
}
