// The first ordinal noted for each number key, in a typed array: a Map of the keys (above 2^31, so each a boxed number)
// was the largest part of the copy finder's groups and of the time building them.

/** No ordinal is negative, so this marks an empty slot. */
const EMPTY = -1;
const FIRST_CAPACITY = 1 << 10;

/** Spreads a key that is exact in a double over the table: its high and low 32 bits mixed. */
function slotHash(key: number): number {
  const high = Math.floor(key / 2 ** 32);
  const low = key >>> 0;
  return Math.imul(high ^ Math.imul(low, 0x9e3779b1), 0x85ebca6b) ^ low;
}

/**
 * The slots hold ordinals only; a slot's key is worked out again from its ordinal (`keyOf`) when a probe meets it. Keys
 * kept beside the ordinals took two thirds of the table, which at a million messages stayed tens of megabytes for as
 * long as the engine ran, and an ordinal's key is a few array reads (see SenderSubjectKeys).
 */
export class FirstByKey {
  private ordinals = new Int32Array(FIRST_CAPACITY).fill(EMPTY);
  private count = 0;

  /** `keyOf(ordinal)` is the key of every ordinal noted; it never changes. */
  constructor(private readonly keyOf: (ordinal: number) => number) {}

  /** The ordinal noted for `key`, or `ordinal` itself, noted as the key's first, when none was. */
  firstOf(key: number, ordinal: number): number {
    let slot = this.slotOf(key);
    const held = this.ordinals[slot]!;
    if (held !== EMPTY) return held;
    // At most half full, so probes stay short.
    if ((this.count + 1) * 2 > this.ordinals.length) {
      this.grow();
      slot = this.slotOf(key);
    }
    this.ordinals[slot] = ordinal;
    this.count += 1;
    return ordinal;
  }

  /** The slot holding `key`'s ordinal, or the empty slot where it would go. */
  private slotOf(key: number): number {
    const { ordinals, keyOf } = this;
    const mask = ordinals.length - 1;
    let slot = slotHash(key) & mask;
    for (;;) {
      const held = ordinals[slot]!;
      if (held === EMPTY || keyOf(held) === key) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.ordinals;
    const ordinals = new Int32Array(old.length * 2).fill(EMPTY);
    const mask = ordinals.length - 1;
    for (const ordinal of old) {
      if (ordinal === EMPTY) continue;
      // The keys noted are distinct: the first empty slot is the key's.
      let slot = slotHash(this.keyOf(ordinal)) & mask;
      while (ordinals[slot] !== EMPTY) slot = (slot + 1) & mask;
      ordinals[slot] = ordinal;
    }
    this.ordinals = ordinals;
  }
}
