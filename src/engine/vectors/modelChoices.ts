// Makes the models chosen in settings take effect in a running engine: a new embedder re-embeds the archive in the
// background while the current vectors keep answering, a new reranker serves from the next search.
import type { ModelSettings } from '../models/modelManager';
import type { Reranker } from '../search/reranker';
import type { VectorService } from './vectorService';

export interface ModelChoiceParts {
  vectors: VectorService;
  reranker: Reranker;
  /** Starts embedding when this engine embeds in the background (the app); the CLI re-embeds at its next `embed`. */
  embedInBackground: () => void;
}

/** `settings`, whose every update also applies the model folders it names (answer models apply themselves). */
export function applyingModelChoices(settings: ModelSettings, parts: ModelChoiceParts): ModelSettings {
  return {
    get current() {
      return settings.current;
    },
    async update(patch) {
      const saved = await settings.update(patch);
      await parts.reranker.useFolder(saved.rerankerFolder);
      const embedderChanged = await parts.vectors.useEmbedder(saved.modelFolder ?? undefined);
      if (embedderChanged) parts.embedInBackground();
      return saved;
    },
  };
}
