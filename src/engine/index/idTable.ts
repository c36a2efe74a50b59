// Each message's ordinal by its store id: a hash table of ordinals over the catalog's list of ids, which holds the ids
// themselves (as the snapshot's bytes, or as strings once decoded), so a look-up decodes no id and the table holds
// nothing but ordinals.
import { hashOfString } from './fnvHash';
import type { StringList } from './stringList';

const EMPTY = -1;

/** How many ids a step of `steps` enters: a few milliseconds. */
const STEP_IDS = 8192;

/** Slots for `count` ids: a power of two at least twice as many, so that a look-up meets few other ids. */
function slotCountFor(count: number): number {
  let size = 1;
  while (size < count * 2) size *= 2;
  return size;
}

/**
 * A Map of every id to its ordinal kept each id twice more (as a decoded string and as the Map's entry), tens of
 * megabytes at a million messages (issue 25); this keeps an Int32Array of at most four slots a message. Ordinals are
 * entered in order, so an id listed twice finds the later ordinal, as a Map set in that order does.
 */
export class IdTable {
  /** Open addressing by hashOfString: an ordinal, or EMPTY. */
  private slots = new Int32Array(0);
  /** The ordinals entered: 0 up to this. The list's later ones (added messages) are entered at the next look-up. */
  private entered = 0;

  constructor(private readonly ids: StringList) {}

  ordinalOf(id: string): number | undefined {
    this.enter(this.ids.length);
    if (this.entered === 0) return undefined;
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let slot = hashOfString(id) & mask; ; slot = (slot + 1) & mask) {
      const ordinal = slots[slot]!;
      if (ordinal === EMPTY) return undefined;
      if (this.ids.isAt(ordinal, id)) return ordinal;
    }
  }

  /** Enters the list's ordinals STEP_IDS a step, for an import to make the table between searches (see runInTurns). */
  *steps(): Generator<void> {
    while (this.entered < this.ids.length) {
      this.enter(Math.min(this.ids.length, this.entered + STEP_IDS));
      yield;
    }
  }

  /** Enters the ordinals below `until`, the table first grown (to hold the whole list) when it would be over half full. */
  private enter(until: number): void {
    if (this.entered >= until) return;
    if (until * 2 > this.slots.length) this.grow(slotCountFor(Math.max(until, this.ids.length)));
    for (let ordinal = this.entered; ordinal < until; ordinal += 1) this.place(ordinal);
    this.entered = until;
  }

  private grow(size: number): void {
    this.slots = new Int32Array(size).fill(EMPTY);
    for (let ordinal = 0; ordinal < this.entered; ordinal += 1) this.place(ordinal);
  }

  /** Puts `ordinal` in its id's slot: an empty one, or the one of an earlier ordinal of the same id. */
  private place(ordinal: number): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let slot = this.ids.hashAt(ordinal) & mask; ; slot = (slot + 1) & mask) {
      const known = slots[slot]!;
      if (known === EMPTY || this.ids.sameAt(known, ordinal)) {
        slots[slot] = ordinal;
        return;
      }
    }
  }
}
