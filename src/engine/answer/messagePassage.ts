// The part of a message an answer provider reads: the chunks that hold the most of the question's words, in mail order.
import { chunkMessage, type ChunkableMessage } from '../embed/chunker';
import { terms } from './terms';

/**
 * A long announcement states where to submit a talk in one chunk and the submission deadline in the next, and both
 * chunks meet the same question words: two chunks keep the answer in view while one long mail cannot crowd out the rest.
 */
const CHUNKS_PER_MESSAGE = 2;
/**
 * A further chunk is read only when it holds nearly as many of the question's terms as the best one, so a language
 * model's context is not spent on parts of a long mail that are off the question.
 */
const FURTHER_CHUNK_SHARE = 0.8;
/** Enough characters to recognise a chunk's opening words inside the chunk before it. */
const OVERLAP_PROBE = 40;

/** A later chunk less the subject line every body chunk opens with. */
function withoutOpening(chunk: string, opening: string): string {
  return opening !== '' && chunk.startsWith(`${opening}\n\n`) ? chunk.slice(opening.length + 2) : chunk;
}

/** The next chunk less the words it repeats from the end of the one before (chunks overlap by about 40 words). */
function withoutOverlap(previous: string, next: string): string {
  const at = previous.lastIndexOf(next.slice(0, OVERLAP_PROBE));
  if (next.length <= OVERLAP_PROBE || at === -1) return next;
  const repeated = previous.slice(at);
  return next.startsWith(repeated) ? next.slice(repeated.length).trimStart() : next;
}

/**
 * The message's text for answering: its chunks ranked by how many of the question's terms (stemmed, stopwords left
 * out, so "released" meets "release" and "the" counts for nothing) each holds, the best few joined in the mail's order.
 */
export function messagePassage(message: ChunkableMessage, question: string): string {
  const chunks = chunkMessage(message);
  if (chunks.length === 0) return message.subject;
  const wanted = new Set(terms(question));
  const ranked = chunks
    .map((chunk) => ({ chunk, score: new Set(terms(chunk.text).filter((term) => wanted.has(term))).size }))
    .sort((a, b) => b.score - a.score || a.chunk.index - b.chunk.index)
    .filter(({ score }, index, all) => index === 0 || score >= FURTHER_CHUNK_SHARE * all[0]!.score)
    .slice(0, CHUNKS_PER_MESSAGE)
    .map(({ chunk }) => chunk)
    .sort((a, b) => a.index - b.index);
  const opening = ranked[0]!.text.split('\n\n')[0] ?? '';
  let text = ranked[0]!.text;
  for (let index = 1; index < ranked.length; index += 1) {
    const next = withoutOpening(ranked[index]!.text, opening);
    const isAdjacent = ranked[index]!.index === ranked[index - 1]!.index + 1;
    text = `${text}\n\n${isAdjacent ? withoutOverlap(ranked[index - 1]!.text, next) : next}`;
  }
  return text;
}
