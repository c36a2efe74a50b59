// A plain Okapi BM25 over one text field (k1 1.2, b 0.75, lower-cased word tokens, no stemming): the eval's baseline.

const K1 = 1.2;
const B = 0.75;

export interface Bm25Document {
  id: string;
  text: string;
}

export interface Bm25Index {
  ids: string[];
  lengths: number[];
  averageLength: number;
  /** Per word, the documents holding it and how often (term frequency). */
  postings: Map<string, { document: number; frequency: number }[]>;
}

/** Runs of Unicode letters, digits and underscores, lower-cased: `io_uring` stays one word, as `\w+` would keep it. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export function buildBm25Index(documents: readonly Bm25Document[]): Bm25Index {
  const postings: Bm25Index['postings'] = new Map();
  const lengths = documents.map((document, index) => {
    const words = tokenize(document.text);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, frequency] of counts) {
      const list = postings.get(word) ?? [];
      list.push({ document: index, frequency });
      postings.set(word, list);
    }
    return words.length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(documents.length, 1);
  return { ids: documents.map((document) => document.id), lengths, averageLength, postings };
}

/**
 * The `limit` best documents for `query` and their scores, best first; a document holding none of its words is not listed.
 * IDF is ln(1 + (N - n + 0.5) / (n + 0.5)), the form that stays positive for words in over half the documents.
 */
export function searchBm25(index: Bm25Index, query: string, limit: number): { id: string; score: number }[] {
  const count = index.ids.length;
  const scores = new Map<number, number>();
  for (const word of tokenize(query)) {
    const list = index.postings.get(word);
    if (!list) continue;
    const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
    for (const { document, frequency } of list) {
      const norm = K1 * (1 - B + (B * index.lengths[document]!) / index.averageLength);
      scores.set(document, (scores.get(document) ?? 0) + (idf * frequency * (K1 + 1)) / (frequency + norm));
    }
  }
  return [...scores]
    .sort(([leftDocument, left], [rightDocument, right]) => right - left || leftDocument - rightDocument)
    .slice(0, limit)
    .map(([document, score]) => ({ id: index.ids[document]!, score }));
}
