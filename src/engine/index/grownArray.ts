// Growing a typed array column by doubling, as the catalog adds rows.

/** A typed array of at least `length` elements holding `array`'s. */
export function grown<T extends Float64Array | Uint8Array | Int32Array>(array: T, length: number, make: (length: number) => T): T {
  if (length <= array.length) return array;
  const larger = make(Math.max(array.length * 2, length));
  larger.set(array);
  return larger;
}

/** `counts` (grown if need be) with one more at `index`. */
export function countedOnce(counts: Int32Array, index: number): Int32Array {
  const larger = grown(counts, index + 1, (length) => new Int32Array(length));
  larger[index]! += 1;
  return larger;
}
