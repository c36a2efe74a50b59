// The first ordinal noted for each number key, in typed arrays: a Map of the keys (above 2^31, so each a boxed number)
// was the largest part of the copy finder's groups and of the time building them.

/** No key is negative (see senderSubjectKeys.ts), so this marks an empty slot. */
const EMPTY = -1;
const FIRST_CAPACITY = 1 << 10;

/** Spreads a key that is exact in a double over the table: its high and low 32 bits mixed. */
function slotHash(key: number): number {
  const high = Math.floor(key / 2 ** 32);
  const low = key >>> 0;
  return Math.imul(high ^ Math.imul(low, 0x9e3779b1), 0x85ebca6b) ^ low;
}

export class FirstByKey {
  private keys = new Float64Array(FIRST_CAPACITY).fill(EMPTY);
  private ordinals = new Int32Array(FIRST_CAPACITY);
  private count = 0;

  /** The ordinal noted for `key`, or `ordinal` itself, noted as the key's first, when none was. */
  firstOf(key: number, ordinal: number): number {
    let slot = this.slotOf(key);
    if (this.keys[slot] === key) return this.ordinals[slot]!;
    // At most half full, so probes stay short.
    if ((this.count + 1) * 2 > this.keys.length) {
      this.grow();
      slot = this.slotOf(key);
    }
    this.keys[slot] = key;
    this.ordinals[slot] = ordinal;
    this.count += 1;
    return ordinal;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let slot = slotHash(key) & mask;
    for (;;) {
      const held = this.keys[slot]!;
      if (held === key || held === EMPTY) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const { keys, ordinals } = this;
    this.keys = new Float64Array(keys.length * 2).fill(EMPTY);
    this.ordinals = new Int32Array(keys.length * 2);
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      if (key === EMPTY) continue;
      const slot = this.slotOf(key);
      this.keys[slot] = key;
      this.ordinals[slot] = ordinals[index]!;
    }
  }
}
