// Sentence vectors from token states: the mean of each text's token vectors over its attention mask, L2-normalised.
import { normalizeL2 } from './embedder';

/** A row-major tensor as onnxruntime returns it. */
export interface TensorData {
  dims: number[];
  data: ArrayLike<number | bigint>;
}

/**
 * `states` [rows, tokens, width] and `mask` [rows, tokens] (1 for a real token, 0 for padding): padding never moves a
 * vector, so a text gets the same vector alone or batched with longer ones. Each vector is a copy of its own.
 */
export function meanPool(states: TensorData, mask: TensorData): Float32Array[] {
  const [rows = 0, tokens = 0, width = 0] = states.dims;
  if (mask.dims[0] !== rows || mask.dims[1] !== tokens)
    throw new Error(`embed: token states of shape [${states.dims.join(', ')}] do not match a mask of shape [${mask.dims.join(', ')}]`);
  const vectors: Float32Array[] = [];
  for (let row = 0; row < rows; row += 1) {
    const sum = new Float32Array(width);
    let count = 0;
    for (let token = 0; token < tokens; token += 1) {
      if (Number(mask.data[row * tokens + token]) === 0) continue;
      count += 1;
      const offset = (row * tokens + token) * width;
      for (let column = 0; column < width; column += 1) sum[column]! += Number(states.data[offset + column]);
    }
    if (count > 0) for (let column = 0; column < width; column += 1) sum[column]! /= count;
    vectors.push(normalizeL2(sum));
  }
  return vectors;
}
