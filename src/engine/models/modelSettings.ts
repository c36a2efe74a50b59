// Which setting each model role is chosen by, so "use" and "remove" change the one the engine reads.
import type { ModelRole } from '../../shared/model/models';
import type { Settings, SettingsPatch } from '../../shared/model/settings';

/** The path settings name for a role, or null for its built-in model; undefined when the role uses a remote service. */
export function pathInUse(role: ModelRole, settings: Readonly<Settings>): string | null | undefined {
  switch (role) {
    case 'embedder':
      return settings.modelFolder;
    case 'reranker':
      return settings.rerankerFolder;
    case 'answer': {
      const provider = settings.answerProvider;
      if (provider.kind === 'local') return provider.modelPath;
      return provider.kind === 'extractive' ? null : undefined;
    }
  }
}

/** The settings change that makes `role` use the model at `path`, or its built-in model for null. */
export function useInSettings(role: ModelRole, path: string | null, settings: Readonly<Settings>): SettingsPatch {
  switch (role) {
    case 'embedder':
      return { modelFolder: path };
    case 'reranker':
      return { rerankerFolder: path };
    case 'answer': {
      if (path === null) return { answerProvider: { kind: 'extractive' } };
      const previous = settings.answerProvider;
      // Keeps a thread count the person chose for the previous local model.
      const threads = previous.kind === 'local' ? previous.threads : undefined;
      return { answerProvider: { kind: 'local', modelPath: path, ...(threads === undefined ? {} : { threads }) } };
    }
  }
}
