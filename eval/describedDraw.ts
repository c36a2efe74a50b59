// The seeded draw of mails for the described query set (eval/queries/described/): anyone can redraw the same mails.
import type { SliceMessage } from './sliceMessages';

/** The seed the described set was drawn with (issue 26). */
export const DESCRIBED_SEED = 26;
/** A mail needs this many lines of its own (not quoted) text to be described. */
const OWN_LINES = 3;

/**
 * Non-blank lines before the signature ('-- ') or a mailing list's footer (a rule of underscores) that are not quoted
 * ('>') and not a quote's attribution ("On …, X wrote:").
 */
export function ownLineCount(text: string): number {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => line === '-- ' || line.trim() === '--' || /^_{5,}\s*$/.test(line));
  return (end === -1 ? lines : lines.slice(0, end)).filter((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !trimmed.startsWith('>') && !/wrote:$/.test(trimmed);
  }).length;
}

/** mulberry32: a small, well-known 32-bit generator, so the draw is the same in every Node version. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The slice's mails with at least OWN_LINES lines of their own, sorted by Message-ID, shuffled by Fisher-Yates with
 * mulberry32(seed): the first `count` of that order (the describer takes them in order, skipping only list
 * administrivia that has no content).
 */
export function drawMessages(messages: readonly SliceMessage[], seed: number, count: number): SliceMessage[] {
  const candidates = messages
    .filter((message) => ownLineCount(message.text) >= OWN_LINES)
    .sort((left, right) => (left.messageId < right.messageId ? -1 : left.messageId > right.messageId ? 1 : 0));
  const random = randomFrom(seed);
  for (let index = candidates.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [candidates[index], candidates[other]] = [candidates[other]!, candidates[index]!];
  }
  return candidates.slice(0, count);
}
