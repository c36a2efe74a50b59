// vectors.json: which embedder made the vectors that serve meaning search, in which table, with what it was calibrated
// at; and, while a newly chosen embedder re-embeds the archive, the same for its vectors.
import { nodeCrypto } from '../nodeCrypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { similarityFloors, type SimilarityFloors } from '../embed/similarityFloor';
import { CHUNK_TABLE } from './chunkStore';

const STATE_FILE = 'vectors.json';
/** Still 1: the fields added since are optional, so `lantern check` and older readers go on reading the file. */
const STATE_VERSION = 1;

/** One set of vectors and everything that belongs to the embedder that made them. */
export interface VectorSet {
  embedderId: string;
  dimensions: number;
  /** The chunk table; CHUNK_TABLE when absent (stores from before the embedder could be switched). */
  table?: string;
  /** The model folder the embedder loads from; absent for the built-in or bundled one. */
  modelFolder?: string;
  /** The similarity floors calibrated for this embedder, kept with its vectors so they change together. */
  floors?: SimilarityFloors;
}

export interface VectorState extends VectorSet {
  version: number;
  /** A newly chosen embedder's vectors, made in the background; the set above serves until they cover the archive. */
  next?: VectorSet;
}

/** The set for `embedder`, with the floors calibrated for it. */
export function vectorSet(embedder: { id: string; dimensions: number }, table: string, modelFolder: string | undefined): VectorSet {
  return {
    embedderId: embedder.id,
    dimensions: embedder.dimensions,
    table,
    ...(modelFolder === undefined ? {} : { modelFolder }),
    floors: similarityFloors(embedder.id),
  };
}

export function tableOf(set: VectorSet): string {
  return set.table ?? CHUNK_TABLE;
}

export function floorsOf(set: VectorSet): SimilarityFloors {
  return set.floors ?? similarityFloors(set.embedderId);
}

/** A table name of the embedder's own, so the old and the new vectors live side by side while the new ones are made. */
export function tableFor(embedderId: string): string {
  return `${CHUNK_TABLE}_${nodeCrypto().createHash('sha256').update(embedderId).digest('hex').slice(0, 12)}`;
}

export async function readVectorState(dataDir: string): Promise<VectorState | null> {
  try {
    const state = JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8')) as VectorState;
    return state.version === STATE_VERSION ? state : null;
  } catch {
    return null;
  }
}

export async function writeVectorState(dataDir: string, current: VectorSet, next?: VectorSet): Promise<void> {
  const target = join(dataDir, STATE_FILE);
  const state: VectorState = { version: STATE_VERSION, ...current, ...(next ? { next } : {}) };
  await writeFile(`${target}.tmp`, JSON.stringify(state));
  await rename(`${target}.tmp`, target);
}
