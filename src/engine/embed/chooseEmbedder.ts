// Picks the embedder: a local sentence-transformers folder when one is configured or bundled and loads, else the
// built-in Universal Sentence Encoder, so semantic search works on first launch without any download.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RERANKER_FOLDER_NAME } from './bundledModels';
import type { Embedder } from './embedder';
import { createTransformersEmbedder, findMissingModelFiles } from './transformersEmbedder';
import { createUniversalSentenceEncoder } from './universalSentenceEncoder';
import { errorMessage } from '../../shared/errorMessage';

export interface EmbedderOptions {
  /** A model folder the person chose in settings; wins over bundled ones. */
  modelFolder?: string;
  /** The app's resources folder; every complete `models/<name>` folder in it is a candidate, by name order. */
  resourcesDir?: string;
  /** onnxruntime's threads for a local model; the cores less one when absent. */
  threads?: number;
}

export interface ChosenEmbedder {
  embedder: Embedder;
  /** Why a configured or bundled model was passed over, for the log and the settings screen. */
  notes: string[];
}

async function bundledFolders(resourcesDir: string): Promise<string[]> {
  const modelsDir = join(resourcesDir, 'models');
  const entries = await readdir(modelsDir, { withFileTypes: true }).catch(() => []);
  return (
    entries
      // The reranker's folder holds a cross-encoder, which scores pairs and cannot embed.
      .filter((entry) => entry.isDirectory() && entry.name !== RERANKER_FOLDER_NAME)
      .map((entry) => join(modelsDir, entry.name))
      .sort()
  );
}

export async function chooseEmbedder(options: EmbedderOptions = {}): Promise<ChosenEmbedder> {
  const notes: string[] = [];
  const candidates = [
    ...(options.modelFolder === undefined ? [] : [options.modelFolder]),
    ...(options.resourcesDir === undefined ? [] : await bundledFolders(options.resourcesDir)),
  ];
  for (const folder of candidates) {
    const missing = await findMissingModelFiles(folder);
    if (missing.length > 0) {
      notes.push(`embed: skipped the model folder ${folder}: it lacks ${missing.join(', ')}`);
      continue;
    }
    try {
      return { embedder: await createTransformersEmbedder(folder, { threads: options.threads }), notes };
    } catch (error) {
      // A broken model or a native onnxruntime that will not load must not cost the person semantic search.
      notes.push(errorMessage(error));
    }
  }
  return { embedder: await createUniversalSentenceEncoder(), notes };
}
