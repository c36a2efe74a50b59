// The embedding stage's report: how many messages have vectors for semantic search.

export interface EmbeddingReport {
  /** Messages with vectors after the run. */
  embedded: number;
  /** Messages in the store. */
  total: number;
  /** Passages embedded by this run. */
  chunks: number;
  embedderId: string;
  elapsedMs: number;
}
