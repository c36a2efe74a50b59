// Tells what files a person pointed at hold: a .gguf language model, or a sentence-transformers ONNX folder (embedder or cross-encoder).
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import type { ModelRole } from '../../shared/model/models';
import { MODEL_FOLDER_FILES, findMissingModelFiles } from '../embed/transformersEmbedder';

async function startsWithGguf(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === 'GGUF';
  } finally {
    await file.close();
  }
}

/** A cross-encoder is exported as a sequence classifier; an embedder as the bare encoder. */
async function folderRole(folder: string): Promise<ModelRole> {
  const config = JSON.parse(await readFile(join(folder, 'config.json'), 'utf8').catch(() => '{}')) as { architectures?: unknown };
  const architectures = Array.isArray(config.architectures) ? config.architectures.map(String) : [];
  return architectures.some((name) => name.endsWith('ForSequenceClassification')) ? 'reranker' : 'embedder';
}

/** The role the files at `path` can fill; a refusal names what is wrong with them. */
export async function modelFilesRole(path: string): Promise<ModelRole> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new LanternError('unreadable-path', `models: ${path} does not exist or cannot be read`);
  if (info.isFile()) {
    if (path.toLowerCase().endsWith('.gguf') && (await startsWithGguf(path))) return 'answer';
    throw new LanternError('bad-request', `models: ${path} is not a GGUF language model (a .gguf file starting with "GGUF")`);
  }
  const missing = await findMissingModelFiles(path);
  if (missing.length > 0)
    throw new LanternError(
      'bad-request',
      `models: the folder ${path} is not a sentence-transformers ONNX model: it lacks ${missing.join(', ')} (it needs ${MODEL_FOLDER_FILES.join(', ')})`,
    );
  return folderRole(path);
}
