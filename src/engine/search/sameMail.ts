// Copies of one mail stored more than once (filed in several folders, a list's copy and a cc'd one, each with its own
// Message-ID and perhaps a Date in another time zone): found among a search's matches so they show as one hit.
import type { Catalog } from '../index/catalog';
import { bodyHashOf } from '../index/bodyHash';
import { areCopyDates, COPY_DATE_SPAN_MS, EMPTY_BODY_HASH, SenderSubjectGroups } from './copyGroups';
import { senderSubjectKeysOf } from './senderSubjectKeys';
import type { SearchContext } from './searchContext';
import type { ArchiveArrays } from './archiveArrays';
import { errorMessage } from '../../shared/errorMessage';
import { setBits, type Bitset } from './bitset';

/**
 * At most this many bodies are read per search to confirm copies; the rest of a very large match set (a listing of a
 * whole archive that holds many copies) stays uncollapsed and its total is marked estimated. The hashes of bodies read
 * are kept in the catalog; an import hashes its mail's text as it adds it, and the catalog's snapshot keeps them.
 */
const BODY_READ_BUDGET = 20_000;

export interface Copies {
  /** Ordinals that are a copy of a message kept instead of them. */
  dropped: Set<number>;
  /** For each kept ordinal that has copies: the ordinals of its copies, in the list's order. */
  copiesOf: Map<number, number[]>;
  /** True when some candidates were left unchecked (BODY_READ_BUDGET), so the count of distinct mails is an estimate. */
  isIncomplete: boolean;
}

/** A search's matches: their ordinals, or one byte per message (see bitset.ts), the set ones in ordinal order. */
type Matches = readonly number[] | Bitset;

/** The catalog's groups once grouped whole; while they are being grouped (in turns), `isReady` is false. */
const groupsByCatalog = new WeakMap<Catalog, { groups: SenderSubjectGroups; isReady: boolean }>();
/** How many matches' keys searches have worked out one by one while the catalog's groups were not built. */
const keyedSinceGroups = new WeakMap<Catalog, number>();

/** Starts grouping the catalog in turns; searches key their matches one by one until it is done. */
function groupInTurns(catalog: Catalog): void {
  const building = { groups: new SenderSubjectGroups(), isReady: false };
  groupsByCatalog.set(catalog, building);
  building.groups.extendInTurns(catalog).then(
    () => {
      building.isReady = true;
    },
    (error: unknown) => {
      // Searches keep keying their matches one by one, which finds the same copies.
      console.error(`copies: grouping messages by sender and subject failed: ${errorMessage(error)}`);
    },
  );
}

/**
 * The matches that may be copies (see mayBeCopies) sharing a sender and a subject with another match, in buckets (in the
 * order of their first member, each in the matches' order). Grouping the whole catalog took a whole `lantern search`
 * at 100k messages a tenth of its time (issue 25), so until the catalog's groups are built, matches are keyed one by
 * one; once searches have matched half as many messages as the catalog holds, the groups are built in turns between
 * searches (a second of the engine's thread at 100k messages, which a search during an import waited out). Once built,
 * they are extended by the messages added since (see SenderSubjectGroups).
 */
function sameSenderSubject(found: Matches, catalog: Catalog, arrays: ArchiveArrays | undefined): number[][] {
  const known = groupsByCatalog.get(catalog);
  if (!known?.isReady) {
    const matches = found instanceof Uint8Array ? setBits(found) : found;
    const keyed = (keyedSinceGroups.get(catalog) ?? 0) + matches.length;
    keyedSinceGroups.set(catalog, keyed);
    if (!known && keyed > catalog.size / 2) groupInTurns(catalog);
    const keys = senderSubjectKeysOf(catalog);
    const byKey = new Map<number, number[]>();
    for (const ordinal of mayBeCopies(matches, catalog, arrays)) {
      const key = keys.key(ordinal);
      const bucket = byKey.get(key);
      if (bucket) bucket.push(ordinal);
      else byKey.set(key, [ordinal]);
    }
    return [...byKey.values()];
  }
  known.groups.extend(catalog);
  const { groupOf, mayBeCopy } = known.groups;
  // A copy and the mail it copies are marked in their group together (see SenderSubjectGroups), so the unmarked are
  // left out before the bodies are compared: a common word's matches at a million messages are mostly unmarked.
  const isMarked = (ordinal: number): boolean => (groupOf[ordinal] ?? -1) >= 0 && mayBeCopy[ordinal] === 1;
  const marked = found instanceof Uint8Array ? setBits(found, isMarked) : found.filter(isMarked);
  const buckets = new Map<number, number[]>();
  for (const ordinal of mayBeCopies(marked, catalog, arrays)) {
    const group = groupOf[ordinal]!;
    const bucket = buckets.get(group);
    if (bucket) bucket.push(ordinal);
    else buckets.set(group, [ordinal]);
  }
  return [...buckets.values()];
}

/** From this many matches on, the copy finder's working arrays are borrowed from the search (see archiveArrays.ts). */
const BORROWED_FROM = 1 << 14;

/** Same-body matches near a match's day compared at most: past it, all of them may be copies, unchecked by date. */
const MOST_SAME_BODY = 64;

/**
 * The matches that may be a copy of another or have one: while some match's body is not hashed, all of them; else those
 * with a match of the same body (one with text) dated within a day. The others are kept and keep no copy whatever
 * their sender and subject, so they are left out before the keying: a sender's matches at 100k messages had tens of
 * thousands of subjects decoded and keyed in a freshly started engine, nearly all of them for nothing. Matches are
 * chained through a table by their body's hash (SHA-1's low bits, so even) and their day, and each is compared with
 * those of its own day and the days either side: a text sent again every month (a statement, a list's "Applied,
 * thanks") is compared with the few of its days, not with every earlier one.
 */
function mayBeCopies(ordinals: readonly number[], catalog: Catalog, arrays: ArchiveArrays | undefined): readonly number[] {
  const count = ordinals.length;
  // Few matches take small arrays of their own: borrowed ones are the archive's size, zeroed whole when given back.
  const lent = arrays !== undefined && count <= arrays.size && count >= BORROWED_FROM ? arrays : null;
  const hashes = lent ? lent.scores() : new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    const hash = catalog.bodyHash(ordinals[index]!);
    if (hash === null) return ordinals;
    hashes[index] = hash;
  }
  let slots = 1;
  while (slots < count * 2) slots *= 2;
  const slotOf = (hash: number, day: number): number => ((hash >>> 0) ^ Math.imul(day, 0x9e3779b1)) & (slots - 1);
  const firstInSlot = (lent ? lent.ordinals(slots) : new Int32Array(slots)).fill(-1);
  // Each message's link is written before any later one reads it: borrowed, it needs no zeroing.
  const nextInSlot = lent ? lent.ordinals(count) : new Int32Array(count);
  const keep = lent ? lent.bytes() : new Uint8Array(count);
  // A text's days with more than MOST_SAME_BODY of its matches near them: all of those are kept, unchecked by date.
  const crowded = new Set<string>();
  const { dates } = catalog;
  for (let index = 0; index < count; index += 1) {
    const hash = hashes[index]!;
    if (hash === EMPTY_BODY_HASH) continue;
    const date = dates[ordinals[index]!]!;
    // Copies are within COPY_DATE_SPAN_MS of each other, so their days are the same or next to each other.
    const day = Math.floor(date / COPY_DATE_SPAN_MS) | 0;
    const slot = slotOf(hash, day);
    nextInSlot[index] = firstInSlot[slot]!;
    firstInSlot[slot] = index;
    if (crowded.size > 0 && crowded.has(`${hash}/${day}`)) {
      keep[index] = 1;
      continue;
    }
    let compared = 0;
    // The day before, its own, the day after: stepped through rather than listed, as this runs once per match.
    for (let step = -1; step <= 1; step += 1) {
      const near = step === 0 ? slot : slotOf(hash, day + step);
      for (let other = firstInSlot[near]!; other >= 0 && compared <= MOST_SAME_BODY; other = nextInSlot[other]!) {
        if (other === index || hashes[other] !== hash) continue;
        compared += 1;
        if (!areCopyDates(date, dates[ordinals[other]!]!)) continue;
        keep[index] = 1;
        keep[other] = 1;
      }
    }
    if (compared <= MOST_SAME_BODY) continue;
    crowded.add(`${hash}/${day}`);
    for (let step = -1; step <= 1; step += 1) {
      const near = step === 0 ? slot : slotOf(hash, day + step);
      for (let same = firstInSlot[near]!; same >= 0; same = nextInSlot[same]!) if (hashes[same] === hash) keep[same] = 1;
    }
  }
  return ordinals.filter((_, index) => keep[index] === 1);
}

/** What a hit shows of the copies it stands for: every folder the mail is in (its own first) and the copies' Message-IDs. */
export function copiesShown(ordinal: number, copies: Copies, catalog: Catalog): { folders: string[]; copyMessageIds: string[] } | null {
  const others = copies.copiesOf.get(ordinal);
  if (!others) return null;
  const folders = [...new Set([ordinal, ...others].map((copy) => catalog.folder(copy)))];
  return { folders, copyMessageIds: others.map((copy) => catalog.messageId(copy)) };
}

/**
 * Finds the copies among `ordinals`: same sender, subject and normalised body, dates within a day. Within each set of
 * copies the one `isBefore` puts first is kept (the first in the list's order).
 */
export async function findCopies(
  /** The matches: their ordinals, or a bitset of them (ordinals in order). */
  found: Matches,
  isBefore: (first: number, second: number) => boolean,
  context: SearchContext,
  /** The search's borrowed arrays (see archiveArrays.ts), for its working arrays. */
  arrays?: ArchiveArrays,
  /**
   * The order of the list `ordinals` come from, when they are not given in it: the bodies read within the budget are
   * those of the sets of copies met first in that order, as when they are given in it.
   */
  listOrder?: (first: number, second: number) => boolean,
): Promise<Copies> {
  const { catalog } = context;
  let candidates: number[][] = [];
  const buckets: number[][] = [];
  for (const bucket of sameSenderSubject(found, catalog, arrays)) {
    if (bucket.length < 2) continue;
    const dated = bucket.filter((ordinal) =>
      bucket.some((other) => other !== ordinal && areCopyDates(catalog.dates[other]!, catalog.dates[ordinal]!)),
    );
    if (dated.length < 2) continue;
    candidates.push(dated.sort((first, second) => (isBefore(first, second) ? -1 : isBefore(second, first) ? 1 : first - second)));
    buckets.push(bucket);
  }
  if (listOrder && unhashedCount(candidates, catalog) > BODY_READ_BUDGET) candidates = inListOrder(candidates, buckets, listOrder);
  await readBodyHashes(candidates.flat(), context);
  const copies: Copies = { dropped: new Set(), copiesOf: new Map(), isIncomplete: false };
  for (const bucket of candidates) {
    const kept: number[] = [];
    for (const ordinal of bucket) {
      const hash = catalog.bodyHash(ordinal);
      if (hash === null) {
        copies.isIncomplete = true;
        continue;
      }
      // Mails without text (an attachment alone, a bare subject) are told apart by nothing here: never copies.
      const original =
        hash === EMPTY_BODY_HASH
          ? undefined
          : kept.find((other) => catalog.bodyHash(other) === hash && areCopyDates(catalog.dates[other]!, catalog.dates[ordinal]!));
      if (original === undefined) {
        kept.push(ordinal);
        continue;
      }
      copies.dropped.add(ordinal);
      copies.copiesOf.set(original, [...(copies.copiesOf.get(original) ?? []), ordinal]);
    }
  }
  return copies;
}

function unhashedCount(candidates: number[][], catalog: Catalog): number {
  let count = 0;
  for (const bucket of candidates) for (const ordinal of bucket) if (catalog.bodyHash(ordinal) === null) count += 1;
  return count;
}

/** The sets of copies in the order of each one's first message in the list (`buckets`: each one's messages). */
function inListOrder(candidates: number[][], buckets: number[][], listOrder: (first: number, second: number) => boolean): number[][] {
  const firstOf = buckets.map((bucket) => bucket.reduce((first, ordinal) => (listOrder(ordinal, first) ? ordinal : first)));
  return candidates
    .map((candidate, index) => ({ candidate, first: firstOf[index]! }))
    .sort((one, other) => (listOrder(one.first, other.first) ? -1 : 1))
    .map((entry) => entry.candidate);
}

/** Hashes the bodies of these messages that the catalog has no hash for yet (within the budget), read from the store. */
async function readBodyHashes(ordinals: number[], context: SearchContext): Promise<void> {
  const { catalog } = context;
  const unread = ordinals.filter((ordinal) => catalog.bodyHash(ordinal) === null).slice(0, BODY_READ_BUDGET);
  if (unread.length === 0) return;
  for (const row of await context.store.getColumns(
    unread.map((ordinal) => catalog.id(ordinal)),
    ['id', 'text'],
    unread,
  )) {
    const ordinal = catalog.ordinalOf(row.id);
    if (ordinal !== undefined) catalog.setBodyHash(ordinal, bodyHashOf(row.text));
  }
}
