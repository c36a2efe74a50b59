// The contract every text embedder meets, and the L2 normalisation they share.

/**
 * Turns texts into unit-length vectors. `id` names the model and its settings: the chunk store records it, and
 * a different id means every stored vector must be recomputed.
 */
export interface Embedder {
  id: string;
  dimensions: number;
  /** The threads the model computes on, where the embedder chooses them (onnxruntime models). */
  threads?: number;
  /** One L2-normalised vector per text, in input order. Batching is the embedder's business. */
  embed(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/** Scales a vector to length 1 in place; a zero vector stays zero rather than becoming NaN. */
export function normalizeL2(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  if (sumOfSquares === 0) return vector;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let index = 0; index < vector.length; index += 1) vector[index] = (vector[index] ?? 0) * scale;
  return vector;
}

/** Cosine similarity of two L2-normalised vectors. */
export function dotProduct(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += (left[index] ?? 0) * (right[index] ?? 0);
  return sum;
}

/**
 * Embeds in batches of texts of similar length, returning vectors in input order. Both encoders pad a batch to its
 * longest text, so grouping by length saves a good share of the encoder's CPU time on list mail (bench/measured-reasons.md).
 */
export async function embedInLengthOrder(
  texts: readonly string[],
  batchSize: number,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const order = texts.map((_, index) => index).sort((left, right) => texts[left]!.length - texts[right]!.length);
  const vectors = new Array<Float32Array>(texts.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const positions = order.slice(start, start + batchSize);
    const batchVectors = await embedBatch(positions.map((position) => texts[position]!));
    positions.forEach((position, offset) => (vectors[position] = batchVectors[offset]!));
  }
  return vectors;
}
