// The name a person knows an embedder by, from the id its vectors carry ("transformers:all-minilm-l6-v2:23041234").
import { MODEL_CATALOGUE } from '../../../../shared/models/catalogue';

/** The built-in Universal Sentence Encoder's id (universalSentenceEncoder.ts in the engine, which the renderer may not import). */
const BUILT_IN_ID = 'use-lite-en-512';

/**
 * The catalogue title of the model that made these vectors, or the folder's name for files the person chose. An
 * ONNX folder's id is `transformers:<folder name>:<model bytes>`, and the manager installs each model in a folder
 * named after it.
 */
export function embedderTitle(embedderId: string): string {
  const builtIn = MODEL_CATALOGUE.find((model) => model.role === 'embedder' && model.isBuiltIn);
  if (embedderId === BUILT_IN_ID) return builtIn?.title ?? embedderId;
  const folder = /^transformers:(.+):\d+$/.exec(embedderId)?.[1];
  if (!folder) return embedderId;
  return MODEL_CATALOGUE.find((model) => model.role === 'embedder' && model.name === folder)?.title ?? folder;
}
