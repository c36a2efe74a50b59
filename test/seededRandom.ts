// A seeded random number generator for tests that build synthetic data, so a failure can be reproduced.

/** Numbers in [0, 1) from a linear congruential generator started at `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}
