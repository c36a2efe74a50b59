// The models' thread count leaves one core free and never drops to zero.
import { expect, test } from 'vitest';
import { inferenceSessionOptions, inferenceThreads } from './inferenceThreads';

test('every core but one, at least one', () => {
  expect([1, 2, 4, 16].map((cores) => inferenceThreads(cores))).toEqual([1, 1, 3, 15]);
  expect(inferenceSessionOptions(3)).toEqual({ intraOpNumThreads: 3, interOpNumThreads: 1 });
});
