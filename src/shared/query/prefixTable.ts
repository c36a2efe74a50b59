// Prefix search over many values' keys, the keys held as runs of two strings and typed arrays: sorted keys, binary search, top-k.
import { foldText } from './fold';

/** What a table reads of the values it indexes, by their number: the values stay where they are, read when asked for. */
export interface TableValues<Value> {
  readonly size: number;
  weightOf(owner: number): number;
  /** Made when a look-up returns it. */
  valueOf(owner: number): Value;
  /** The folded keys a prefix finds the value by; empty and repeated keys are left out. */
  keysOf(owner: number): readonly string[];
  /** The value's own text (a person's name and address): when it is ASCII, its lower case holds the keys. */
  textOf(owner: number): string;
}

/** Above this many matching keys, checking entries heaviest-first finds the top ones sooner than scanning the keys. */
const DENSE_RANGE = 2000;

/** Characters a string holds at one byte each: an owner with any other goes into the wide text, so the rest stays narrow. */
const BEYOND_ONE_BYTE = /[\u0100-\uffff]/;
const BEYOND_ASCII = /[\u0080-\uffff]/;
/** Where an owner's text begins when its keys are runs of its own text, lower-cased as they are read. */
const OWN_TEXT = -0x80000000;

/** The keys that begin with one character: their place in the key arrays, sorted when a prefix first asks for them. */
interface Group {
  from: number;
  to: number;
  isSorted: boolean;
}

type Numbers = Uint8Array | Uint16Array | Int32Array;

/** The narrowest array that holds numbers up to `largest`: most names and addresses are shorter than 256 characters. */
function numbersFor(largest: number, length: number): Numbers {
  return largest > 0xffff ? new Int32Array(length) : largest > 0xff ? new Uint16Array(length) : new Uint8Array(length);
}

/** Moves `array[from + order[index]]` to `array[from + index]`. */
function permute(array: Numbers, from: number, order: readonly number[]): void {
  const copy = array.slice(from, from + order.length);
  for (let index = 0; index < order.length; index += 1) array[from + index] = copy[order[index]!]!;
}

/**
 * The keys are not a string each nor the values an object each: a large archive's people held that way were most of
 * the heap autocomplete kept, and making them most of the first `from:` (issue 25). Each owner's keys are runs of
 * its text (its folded name and address, whose words are in them); the keys are grouped by their first character,
 * and a group is sorted when a prefix first asks for it.
 */
export class PrefixTable<Value> {
  private readonly narrowText: string;
  private readonly wideText: string;
  /**
   * Per owner, where its text begins: in narrowText from 0 up, in wideText at -1 - start, or OWN_TEXT. Most names and
   * addresses are ASCII, whose folded keys are runs of their lower case: they are read from the value itself.
   */
  private readonly textStarts: Int32Array;
  /** Per key, grouped by first character and in owner order until sorted: its owner, its run of the owner's text. */
  private readonly owners: Int32Array;
  private readonly offsets: Numbers;
  private readonly lengths: Numbers;
  private readonly groups = new Map<number, Group>();
  /** Owners heaviest first (equal weights in owner order), once asked for; null when that is owner order. */
  private weightOrder: Int32Array | null | undefined;

  constructor(private readonly values: TableValues<Value>) {
    const narrowTexts: string[] = [];
    const wideTexts: string[] = [];
    let narrowLength = 0;
    let wideLength = 0;
    this.textStarts = new Int32Array(values.size);
    const keyOwners: number[] = [];
    const keyOffsets: number[] = [];
    const keyLengths: number[] = [];
    const keyFirsts: number[] = [];
    let longestText = 0;
    for (let owner = 0; owner < values.size; owner += 1) {
      const own = values.textOf(owner);
      const isAscii = !BEYOND_ASCII.test(own);
      let text = isAscii ? own.toLowerCase() : '';
      const ownKeys: string[] = [];
      for (const key of values.keysOf(owner)) {
        if (key === '' || ownKeys.includes(key)) continue;
        ownKeys.push(key);
        let offset = text.indexOf(key);
        if (offset < 0) {
          offset = text.length;
          text += key;
        }
        keyOwners.push(owner);
        keyOffsets.push(offset);
        keyLengths.push(key.length);
        keyFirsts.push(key.charCodeAt(0));
      }
      longestText = Math.max(longestText, text.length);
      if (isAscii && text.length === own.length) this.textStarts[owner] = OWN_TEXT;
      else if (BEYOND_ONE_BYTE.test(text)) {
        this.textStarts[owner] = -1 - wideLength;
        wideTexts.push(text);
        wideLength += text.length;
      } else {
        this.textStarts[owner] = narrowLength;
        narrowTexts.push(text);
        narrowLength += text.length;
      }
    }
    this.narrowText = narrowTexts.join('');
    this.wideText = wideTexts.join('');
    for (const first of keyFirsts) {
      const group = this.groups.get(first);
      if (group) group.to += 1;
      else this.groups.set(first, { from: 0, to: 1, isSorted: false });
    }
    let placed = 0;
    for (const group of this.groups.values()) {
      const size = group.to;
      group.from = placed;
      group.to = placed;
      placed += size;
    }
    const keys = keyOwners.length;
    this.owners = new Int32Array(keys);
    // An offset or a length is within its owner's text.
    this.offsets = numbersFor(longestText, keys);
    this.lengths = numbersFor(longestText, keys);
    for (let key = 0; key < keys; key += 1) {
      const group = this.groups.get(keyFirsts[key]!)!;
      const place = group.to;
      group.to += 1;
      this.owners[place] = keyOwners[key]!;
      this.offsets[place] = keyOffsets[key]!;
      this.lengths[place] = keyLengths[key]!;
    }
  }

  lookup(prefix: string, limit: number): Value[] {
    if (limit <= 0) return [];
    const folded = foldText(prefix).trim();
    const best = folded === '' ? this.heaviest(limit) : this.bestMatching(folded, limit);
    return best.map((owner) => this.values.valueOf(owner));
  }

  private heaviest(limit: number): number[] {
    const order = this.byWeight();
    const count = Math.min(limit, this.values.size);
    return order === null ? Array.from({ length: count }, (_, owner) => owner) : Array.from(order.subarray(0, count));
  }

  private bestMatching(folded: string, limit: number): number[] {
    const group = this.groups.get(folded.charCodeAt(0));
    if (group === undefined) return [];
    if (!group.isSorted) this.sort(group);
    const first = this.firstAtLeast(group, folded);
    const last = this.firstAtLeast(group, `${folded}\uffff`);
    return last - first > DENSE_RANGE ? this.heaviestMatching(first, last, limit) : this.bestInRange(first, last, limit);
  }

  /** The run of its owner's text that key `place` is. */
  private keyText(place: number): string {
    const owner = this.owners[place]!;
    const start = this.textStarts[owner]!;
    const offset = this.offsets[place]!;
    const end = offset + this.lengths[place]!;
    if (start === OWN_TEXT) return this.values.textOf(owner).slice(offset, end).toLowerCase();
    const begin = start >= 0 ? start : -1 - start;
    return (start >= 0 ? this.narrowText : this.wideText).slice(begin + offset, begin + end);
  }

  /** Whether key `place` sorts before `text`, as `<` between strings says, without making the key a string. */
  private isBelow(place: number, text: string): boolean {
    const owner = this.owners[place]!;
    const start = this.textStarts[owner]!;
    const isOwn = start === OWN_TEXT;
    const source = isOwn ? this.values.textOf(owner) : start >= 0 ? this.narrowText : this.wideText;
    const begin = (isOwn ? 0 : start >= 0 ? start : -1 - start) + this.offsets[place]!;
    const length = this.lengths[place]!;
    const shared = Math.min(length, text.length);
    for (let index = 0; index < shared; index += 1) {
      let code = source.charCodeAt(begin + index);
      // ASCII upper case to lower, as toLowerCase does.
      if (isOwn && code >= 65 && code <= 90) code += 32;
      const difference = code - text.charCodeAt(index);
      if (difference !== 0) return difference < 0;
    }
    return length < text.length;
  }

  private firstAtLeast(group: Group, text: string): number {
    let low = group.from;
    let high = group.to;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.isBelow(middle, text)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Sorts a group's keys; equal keys stay in owner order (the sort is stable). */
  private sort(group: Group): void {
    const { from, to } = group;
    const texts = Array.from({ length: to - from }, (_, index) => this.keyText(from + index));
    // A plain array sorts faster than a typed one with a comparator.
    const order = Array.from(texts.keys());
    order.sort((left, right) => (texts[left]! < texts[right]! ? -1 : texts[left]! > texts[right]! ? 1 : 0));
    permute(this.owners, from, order);
    permute(this.offsets, from, order);
    permute(this.lengths, from, order);
    group.isSorted = true;
  }

  /** Owners by weight, made at the first look-up that needs them: people come ranked already, so mostly nothing is kept. */
  private byWeight(): Int32Array | null {
    if (this.weightOrder !== undefined) return this.weightOrder;
    const size = this.values.size;
    const weights = Array.from({ length: size }, (_, owner) => this.values.weightOf(owner));
    let isRanked = true;
    for (let owner = 1; owner < size && isRanked; owner += 1) isRanked = weights[owner - 1]! >= weights[owner]!;
    this.weightOrder = isRanked
      ? null
      : Int32Array.from(weights.map((_, owner) => owner).sort((left, right) => weights[right]! - weights[left]! || left - right));
    return this.weightOrder;
  }

  /** A prefix that many keys share: the owners of its keys marked, then entries walked heaviest first to `limit` marked. */
  private heaviestMatching(first: number, last: number, limit: number): number[] {
    const size = this.values.size;
    const isMatching = new Uint8Array(size);
    for (let place = first; place < last; place += 1) isMatching[this.owners[place]!] = 1;
    const order = this.byWeight();
    const best: number[] = [];
    for (let rank = 0; rank < size && best.length < limit; rank += 1) {
      const owner = order === null ? rank : order[rank]!;
      if (isMatching[owner] === 1) best.push(owner);
    }
    return best;
  }

  /** A rarer prefix: one pass over its keys keeping the heaviest `limit` owners, without a full sort. */
  private bestInRange(first: number, last: number, limit: number): number[] {
    const best: number[] = [];
    const bestWeights: number[] = [];
    const seen = new Set<number>();
    for (let place = first; place < last; place += 1) {
      const owner = this.owners[place]!;
      if (seen.has(owner)) continue;
      seen.add(owner);
      const weight = this.values.weightOf(owner);
      if (best.length === limit && weight <= bestWeights[limit - 1]!) continue;
      let slot = best.length;
      while (slot > 0 && bestWeights[slot - 1]! < weight) slot -= 1;
      best.splice(slot, 0, owner);
      bestWeights.splice(slot, 0, weight);
      if (best.length > limit) {
        best.pop();
        bestWeights.pop();
      }
    }
    return best;
  }
}
