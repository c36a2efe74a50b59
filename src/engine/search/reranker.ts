// Chooses the reranker: a local cross-encoder when a reranker folder is there and loads, else the feature reranker.
import { existsSync } from 'node:fs';
import { loadCrossEncoder, type CrossEncoder } from './crossEncoder';
import { featureScores, type RerankCandidate } from './rerankFeatures';
import { errorMessage } from '../../shared/errorMessage';

export interface RerankOutcome {
  /** One per candidate, higher first. */
  scores: number[];
  /** Which reranker ran, for the result's mode note. */
  note: string;
}

export class Reranker {
  private loading: Promise<CrossEncoder | null> | null = null;
  private problem: string | null = null;

  private folder: string | null;

  /**
   * `defaultFolder`: a cross-encoder model folder; null or missing means the feature reranker, which needs no model.
   * `chosenFolder`: the one chosen in settings, used instead while set.
   */
  constructor(
    private readonly defaultFolder: string | null,
    chosenFolder: string | null = null,
  ) {
    this.folder = chosenFolder ?? defaultFolder;
  }

  /**
   * Reranks with the cross-encoder in `folder` from the next search on (null: the default one); the one loaded before
   * is closed once the searches using it are done.
   */
  async useFolder(folder: string | null): Promise<void> {
    const next = folder ?? this.defaultFolder;
    if (next === this.folder) return;
    this.folder = next;
    const previous = this.loading;
    this.loading = null;
    this.problem = null;
    await (await previous?.catch(() => null))?.close();
  }

  private crossEncoder(): Promise<CrossEncoder | null> {
    this.loading ??= (async () => {
      if (this.folder === null || !existsSync(this.folder)) return null;
      try {
        return await loadCrossEncoder(this.folder);
      } catch (error) {
        // A broken reranker folder must not cost the person search: say why in every rerank note instead.
        this.problem = errorMessage(error);
        console.error(this.problem);
        return null;
      }
    })();
    return this.loading;
  }

  async rerank(query: string, candidates: RerankCandidate[], termWeights: Map<string, number>): Promise<RerankOutcome> {
    const depth = `the top ${candidates.length} hybrid candidates`;
    const encoder = await this.crossEncoder();
    let problem = this.problem;
    if (encoder) {
      try {
        const scores = await encoder.score(
          query,
          candidates.map((candidate) => candidate.passage),
        );
        return { scores, note: `rerank: cross-encoder ${encoder.name} reordered ${depth}` };
      } catch (error) {
        problem = `rerank: the cross-encoder failed (${errorMessage(error)})`;
        console.error(problem);
      }
    }
    return {
      scores: featureScores(candidates, termWeights),
      note: `rerank: feature reranker (keyword rank, meaning, subject and word coverage, proximity, recency) reordered ${depth}${problem ? `; ${problem}` : ''}`,
    };
  }

  async close(): Promise<void> {
    const encoder = await this.loading;
    await encoder?.close();
  }
}
