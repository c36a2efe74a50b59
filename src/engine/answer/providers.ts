// Builds the answer provider the person chose in settings; the host keeps the handle and closes it on exit or change.
import { assertNever } from '../../shared/assertNever';
import { createExtractiveProvider, type ExtractiveOptions } from './extractive';
import { createLocalModel, createLocalModelProvider, type LocalModelOptions } from './localModel';
import { createOllamaChat, createOllamaProvider, type OllamaOptions } from './ollama';
import { createOpenAiCompatibleChat, createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openaiCompatible';
import type { AnswerProvider, ChatGenerator } from './types';

export type AnswerProviderSettings =
  | ({ kind: 'extractive' } & ExtractiveOptions)
  | ({ kind: 'ollama' } & OllamaOptions)
  | ({ kind: 'openai' } & OpenAiCompatibleOptions)
  | ({ kind: 'local' } & LocalModelOptions);

export interface AnswerProviderHandle {
  provider: AnswerProvider;
  /** The model itself, for text that is not an answer (search's hypothetical passages); null without a model. */
  chat: ChatGenerator | null;
  /** Frees a loaded local model; a no-op for the others. */
  close(): Promise<void>;
}

export function createAnswerProvider(settings: AnswerProviderSettings): AnswerProviderHandle {
  const nothingToClose = async (): Promise<void> => undefined;
  switch (settings.kind) {
    case 'extractive':
      return { provider: createExtractiveProvider(settings), chat: null, close: nothingToClose };
    case 'ollama':
      return { provider: createOllamaProvider(settings), chat: createOllamaChat(settings), close: nothingToClose };
    case 'openai':
      return { provider: createOpenAiCompatibleProvider(settings), chat: createOpenAiCompatibleChat(settings), close: nothingToClose };
    case 'local': {
      const model = createLocalModel(settings);
      return { provider: createLocalModelProvider(model), chat: model.generate, close: () => model.close() };
    }
    default:
      return assertNever(settings, 'answer provider kind');
  }
}
