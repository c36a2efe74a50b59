// A word table's words grouped by their first two bytes and ordered within a group by their third, saved beside its
// hash table (see wordTableFile.ts): a look-up by a word's beginning reads only the words that share its first three
// bytes, where it searched all of the words' bytes before.
/** One group for each value of a word's first two bytes. */
export const WORD_GROUPS = 1 << 16;

/** Where the third byte's orders start: a word without one comes before every word with one. */
const THIRD_ORDERS = 257;

/**
 * The group of the word from `start` to `end` (its line break): its first two bytes. A word shorter than two bytes is
 * never looked for by its group (see numbersBeginningWith) and may go in any group.
 */
function groupOf(bytes: Uint8Array, start: number, end: number): number {
  return end - start < 2 ? 0 : (bytes[start]! << 8) | bytes[start + 1]!;
}

/** The word's place in its group: 0 without a third byte, else the third byte plus one. */
function thirdOf(bytes: Uint8Array, start: number, end: number): number {
  return end - start < 3 ? 0 : bytes[start + 2]! + 1;
}

/** Orders `numbers` by their `keys` (from 0 to `keyCount` - 1), keeping their order among equal keys: a counting sort. */
function stablyByKey(numbers: Int32Array, keys: Uint16Array, keyCount: number, into: Int32Array): Int32Array {
  const starts = new Int32Array(keyCount + 1);
  for (let index = 0; index < numbers.length; index += 1) {
    const after = keys[numbers[index]!]! + 1;
    starts[after] = starts[after]! + 1;
  }
  for (let key = 1; key <= keyCount; key += 1) starts[key] = starts[key]! + starts[key - 1]!;
  for (let index = 0; index < numbers.length; index += 1) {
    const key = keys[numbers[index]!]!;
    into[starts[key]!] = numbers[index]!;
    starts[key] = starts[key]! + 1;
  }
  return into;
}

/**
 * The words' numbers by group, in one array: where each group's numbers begin (WORD_GROUPS + 1 of them, the last being
 * `count`), then the numbers, each group's ordered by the words' third byte and, among equal ones, by number.
 * `starts` are the words' starts (see wordStartsOf).
 */
export function groupWords(bytes: Uint8Array, starts: Int32Array, count: number): Int32Array {
  const numbers = new Int32Array(count);
  const groupOfWord = new Uint16Array(count);
  const thirdOfWord = new Uint16Array(count);
  for (let number = 0; number < count; number += 1) {
    numbers[number] = number;
    groupOfWord[number] = groupOf(bytes, starts[number]!, starts[number + 1]! - 1);
    thirdOfWord[number] = thirdOf(bytes, starts[number]!, starts[number + 1]! - 1);
  }
  const groups = new Int32Array(WORD_GROUPS + 1 + count);
  const byThird = stablyByKey(numbers, thirdOfWord, THIRD_ORDERS, new Int32Array(count));
  stablyByKey(byThird, groupOfWord, WORD_GROUPS, groups.subarray(WORD_GROUPS + 1));
  for (let number = 0; number < count; number += 1) {
    const after = groupOfWord[number]! + 1;
    groups[after] = groups[after]! + 1;
  }
  for (let group = 1; group <= WORD_GROUPS; group += 1) groups[group] = groups[group]! + groups[group - 1]!;
  return groups;
}

/** Whether `groups` can be what groupWords made for `count` words (a saved file's is checked by its checksum too). */
export function isGroupsOf(groups: Int32Array, count: number): boolean {
  return groups.length === WORD_GROUPS + 1 + count && groups[0] === 0 && groups[WORD_GROUPS] === count;
}

/** The numbers of the words that begin with `wanted` (two bytes or more), in increasing order. */
export function numbersBeginningWith(groups: Int32Array, bytes: Uint8Array, starts: Int32Array, wanted: Uint8Array): number[] {
  const group = (wanted[0]! << 8) | wanted[1]!;
  const numberAt = (index: number): number => groups[WORD_GROUPS + 1 + index]!;
  const thirdAt = (index: number): number => thirdOf(bytes, starts[numberAt(index)]!, starts[numberAt(index) + 1]! - 1);
  let from = groups[group]!;
  let to = groups[group + 1]!;
  if (wanted.length === 2) {
    const found: number[] = [];
    for (let index = from; index < to; index += 1) found.push(numberAt(index));
    return found.sort((first, second) => first - second);
  }
  // The words with the wanted third byte: a run of the group, found by two binary searches.
  const third = wanted[2]! + 1;
  const firstReaching = (key: number, low: number, high: number): number => {
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (thirdAt(middle) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  from = firstReaching(third, from, to);
  to = firstReaching(third + 1, from, to);
  const found: number[] = [];
  for (let index = from; index < to; index += 1) {
    const number = numberAt(index);
    const start = starts[number]!;
    if (starts[number + 1]! - 1 - start < wanted.length) continue;
    let offset = 3;
    while (offset < wanted.length && bytes[start + offset] === wanted[offset]) offset += 1;
    if (offset === wanted.length) found.push(number);
  }
  return found;
}
