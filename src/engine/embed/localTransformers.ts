// Loads @huggingface/transformers set up to read one local model folder and never touch the network.
import { basename, dirname, sep } from 'node:path';
import type * as TransformersModule from '@huggingface/transformers';

export type Transformers = typeof TransformersModule;

function refuseNetwork(input: string | URL): Promise<never> {
  return Promise.reject(new Error(`transformers: refusing to fetch ${String(input)}; models load only from local folders`));
}

/** The library, pointed at `folder`'s parent; the name to load the folder by is returned with it. */
export async function localTransformers(folder: string): Promise<{ transformers: Transformers; modelName: string }> {
  const transformers = await import('@huggingface/transformers');
  const { env } = transformers;
  // Settings are global to the library, so they are set on every load rather than once.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useFSCache = false;
  env.useBrowserCache = false;
  env.localModelPath = dirname(folder) + sep;
  env.fetch = refuseNetwork;
  env.logLevel = transformers.LogLevel.ERROR;
  return { transformers, modelName: basename(folder) };
}
