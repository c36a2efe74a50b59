// Copies of one mail stored more than once (filed in several folders, a list's copy and a cc'd one, each with its own
// Message-ID and perhaps a Date in another time zone): found among a search's matches so they show as one hit.
import type { Catalog } from '../index/catalog';
import { bodyHashOf } from '../index/bodyHash';
import type { SearchContext } from './searchContext';

/** Copies' Date headers may differ by a time-zone offset (up to 14 hours either side) or by a relay's delay. */
const COPY_DATE_SPAN_MS = 24 * 60 * 60 * 1000;
/** Whether two dates can be one mail's: within a day of each other, whatever the time zones written. */
function areCopyDates(first: number, second: number): boolean {
  return Math.abs(first - second) <= COPY_DATE_SPAN_MS;
}

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

/** Messages sharing a sender and a subject, the only ones that can be copies of each other; built once per catalog size. */
interface SenderSubjectGroups {
  size: number;
  groupOf: Int32Array;
  /**
   * 1 for the messages that may be a copy of another: in a group with a message whose body is not hashed yet, or with
   * a message of the same body dated within a day. Only these are bucketed: a common sender's or list's matches are
   * mostly messages with no copy, and keying each took an operator search at 100k messages milliseconds.
   */
  mayBeCopy: Uint8Array;
}

const groupsByCatalog = new WeakMap<Catalog, SenderSubjectGroups>();
/** How many matches' keys searches have worked out one by one since the catalog's groups were last built (or never). */
const keyedSinceGroups = new WeakMap<Catalog, number>();

/** What copies of one mail share: the sender's address and the subject, its spaces evened out. */
function senderSubjectKey(catalog: Catalog, ordinal: number): string {
  return `${catalog.sender(ordinal).address.toLowerCase()}\n${catalog.subject(ordinal).replace(/\s+/g, ' ').trim()}`;
}

function senderSubjectGroups(catalog: Catalog): SenderSubjectGroups {
  const known = groupsByCatalog.get(catalog);
  if (known && known.size === catalog.size) return known;
  const firstByKey = new Map<string, number>();
  const groupOf = new Int32Array(catalog.size).fill(-1);
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    const key = senderSubjectKey(catalog, ordinal);
    const first = firstByKey.get(key);
    if (first === undefined) firstByKey.set(key, ordinal);
    else {
      groupOf[first] = first;
      groupOf[ordinal] = first;
    }
  }
  const groups = { size: catalog.size, groupOf, mayBeCopy: mayBeCopies(catalog, groupOf) };
  groupsByCatalog.set(catalog, groups);
  keyedSinceGroups.delete(catalog);
  return groups;
}

/**
 * Marks the members of each group that may be a copy of another (see SenderSubjectGroups.mayBeCopy). A body hashed
 * later (readBodyHashes) is in a group marked whole, as it had an unhashed member, so the marks stay a superset.
 */
function mayBeCopies(catalog: Catalog, groupOf: Int32Array): Uint8Array {
  const members = new Map<number, number[]>();
  for (let ordinal = 0; ordinal < groupOf.length; ordinal += 1) {
    const group = groupOf[ordinal]!;
    if (group < 0) continue;
    const list = members.get(group);
    if (list) list.push(ordinal);
    else members.set(group, [ordinal]);
  }
  const mayBeCopy = new Uint8Array(groupOf.length);
  for (const group of members.values()) {
    if (group.some((ordinal) => catalog.bodyHash(ordinal) === null)) {
      for (const ordinal of group) mayBeCopy[ordinal] = 1;
      continue;
    }
    const byHash = new Map<number, number[]>();
    for (const ordinal of group) {
      const hash = catalog.bodyHash(ordinal)!;
      if (hash === EMPTY_BODY_HASH) continue;
      const same = byHash.get(hash);
      if (same) same.push(ordinal);
      else byHash.set(hash, [ordinal]);
    }
    for (const same of byHash.values()) for (const ordinal of withCopyDates(same, catalog)) mayBeCopy[ordinal] = 1;
  }
  return mayBeCopy;
}

/**
 * The messages of a list dated within a day of another of them: in date order, those within a day of a neighbour. A
 * date that is not a number is within a day of nothing.
 */
function withCopyDates(ordinals: number[], catalog: Catalog): number[] {
  const byDate = ordinals
    .filter((ordinal) => !Number.isNaN(catalog.dates[ordinal]))
    .sort((first, second) => catalog.dates[first]! - catalog.dates[second]!);
  const within: number[] = [];
  for (let index = 0; index < byDate.length; index += 1) {
    const date = catalog.dates[byDate[index]!]!;
    const isNear =
      (index > 0 && areCopyDates(catalog.dates[byDate[index - 1]!]!, date)) ||
      (index + 1 < byDate.length && areCopyDates(date, catalog.dates[byDate[index + 1]!]!));
    if (isNear) within.push(byDate[index]!);
  }
  return within;
}

/**
 * The matches sharing a sender and a subject with another match, in buckets (in the order of their first member, each
 * in the matches' order). Grouping the whole catalog took a whole `lantern search` at 100k messages a tenth of its time
 * (issue 25), so while the catalog's groups are not built, matches are keyed one by one; once searches have keyed half
 * as many matches as the catalog holds, the groups are built, so an engine that stays open never pays more than 1.5
 * times the grouping.
 */
function sameSenderSubject(ordinals: Iterable<number>, catalog: Catalog): number[][] {
  const known = groupsByCatalog.get(catalog);
  const matches = [...ordinals];
  const keyed = keyedSinceGroups.get(catalog) ?? 0;
  if ((!known || known.size !== catalog.size) && keyed + matches.length <= catalog.size / 2) {
    keyedSinceGroups.set(catalog, keyed + matches.length);
    const byKey = new Map<string, number[]>();
    for (const ordinal of matches) {
      const key = senderSubjectKey(catalog, ordinal);
      const bucket = byKey.get(key);
      if (bucket) bucket.push(ordinal);
      else byKey.set(key, [ordinal]);
    }
    return [...byKey.values()];
  }
  const { groupOf, mayBeCopy } = senderSubjectGroups(catalog);
  const buckets = new Map<number, number[]>();
  for (const ordinal of matches) {
    const group = groupOf[ordinal] ?? -1;
    if (group < 0 || mayBeCopy[ordinal] === 0) continue;
    const bucket = buckets.get(group);
    if (bucket) bucket.push(ordinal);
    else buckets.set(group, [ordinal]);
  }
  return [...buckets.values()];
}

const EMPTY_BODY_HASH = bodyHashOf('');

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
  ordinals: Iterable<number>,
  isBefore: (first: number, second: number) => boolean,
  context: SearchContext,
): Promise<Copies> {
  const { catalog } = context;
  const candidates: number[][] = [];
  for (const bucket of sameSenderSubject(ordinals, catalog)) {
    if (bucket.length < 2) continue;
    const dated = bucket.filter((ordinal) =>
      bucket.some((other) => other !== ordinal && areCopyDates(catalog.dates[other]!, catalog.dates[ordinal]!)),
    );
    if (dated.length >= 2)
      candidates.push(dated.sort((first, second) => (isBefore(first, second) ? -1 : isBefore(second, first) ? 1 : first - second)));
  }
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

/** Hashes the bodies of these messages that the catalog has no hash for yet (within the budget), read from the store. */
async function readBodyHashes(ordinals: number[], context: SearchContext): Promise<void> {
  const { catalog } = context;
  const unread = ordinals.filter((ordinal) => catalog.bodyHash(ordinal) === null).slice(0, BODY_READ_BUDGET);
  if (unread.length === 0) return;
  for (const row of await context.store.getColumns(
    unread.map((ordinal) => catalog.id(ordinal)),
    ['id', 'text'],
  )) {
    const ordinal = catalog.ordinalOf(row.id);
    if (ordinal !== undefined) catalog.setBodyHash(ordinal, bodyHashOf(row.text));
  }
}
