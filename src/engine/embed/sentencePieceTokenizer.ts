// The Universal Sentence Encoder's tokenizer: the same ids as @energetic-ai/embeddings' Tokenizer, found with one map
// of the vocabulary instead of its trie, which held every prefix of every piece as an array of characters.

/** One vocabulary entry as vocab.json holds it: the piece and its log-probability. */
export type VocabularyEntry = [piece: string, score: number];

/** SentencePiece's word boundary, which stands for each space and starts the text. */
const WORD_BOUNDARY = '\u2581';
/** The first entries are control symbols (<unk>, <s>, …), which never match text. */
const RESERVED_SYMBOLS = 6;
/** The id of an unknown character. */
const UNKNOWN = 0;

interface Piece {
  score: number;
  id: number;
}

interface Candidate {
  start: number;
  /** Length in characters (code points). */
  length: number;
  score: number;
  id: number;
}

export interface SentencePieceTokenizer {
  encode(text: string): number[];
}

/**
 * The library's rules, kept exactly since the stored vectors depend on them: characters are code points, a position
 * no piece starts at is an unknown character of score 0, the best split maximises the summed score (a later candidate
 * wins a tie, and a sum of exactly 0 counts as unset), and the path is walked back by each piece's length in UTF-16
 * units, as the library does.
 */
export function createSentencePieceTokenizer(vocabulary: readonly VocabularyEntry[]): SentencePieceTokenizer {
  const pieces = new Map<string, Piece>();
  let longest = 0;
  for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id += 1) {
    const [piece, score] = vocabulary[id]!;
    // A repeated piece keeps its last id and score, as re-inserting it into the library's trie does.
    pieces.set(piece, { score, id });
    longest = Math.max(longest, [...piece].length);
  }

  /** Every piece the text starts with at `start`, shortest first; an unknown character when none. */
  function candidatesAt(characters: readonly string[], start: number): Candidate[] {
    const found: Candidate[] = [];
    let prefix = '';
    for (let length = 1; length <= longest && start + length <= characters.length; length += 1) {
      prefix += characters[start + length - 1]!;
      const piece = pieces.get(prefix);
      if (piece) found.push({ start, length, score: piece.score, id: piece.id });
    }
    if (found.length === 0) found.push({ start, length: 1, score: 0, id: UNKNOWN });
    return found;
  }

  return {
    encode(text) {
      const normalized = text.normalize('NFKC');
      const input = normalized.length > 0 ? WORD_BOUNDARY + normalized.replace(/ /g, WORD_BOUNDARY) : normalized;
      const characters = [...input];
      const endingAt: Candidate[][] = Array.from({ length: characters.length + 1 }, () => []);
      for (let start = 0; start < characters.length; start += 1) {
        for (const candidate of candidatesAt(characters, start)) endingAt[start + candidate.length]!.push(candidate);
      }
      const best = new Array<number>(characters.length + 1).fill(0);
      const ids = new Array<number>(characters.length + 1).fill(0);
      for (let end = 0; end <= characters.length; end += 1) {
        // Candidates ending here, by start position: the order the library's loop over object keys visits them.
        for (const candidate of endingAt[end]!) {
          const score = candidate.score + best[end - candidate.length]!;
          if (best[end] === 0 || score >= best[end]!) {
            best[end] = score;
            ids[end] = candidate.id;
          }
        }
      }
      const reversed: number[] = [];
      for (let position = ids.length - 1; position > 0; position -= vocabulary[ids[position]!]![0].length) {
        reversed.push(ids[position]!);
      }
      // Unknown characters in a row become one.
      const merged: number[] = [];
      let previousUnknown = false;
      for (const id of reversed) {
        if (!(previousUnknown && id === UNKNOWN)) merged.push(id);
        previousUnknown = id === UNKNOWN;
      }
      return merged.reverse();
    },
  };
}
