// Messages sharing a sender and a subject, the only ones that can be copies of one mail (see sameMail.ts): grouped
// once, then brought up to date with only the messages an import adds.
import type { Catalog } from '../index/catalog';
import { bodyHashOf } from '../index/bodyHash';
import { inTurns, TURN_MS } from '../store/turns';
import { FirstByKey } from './firstByKey';
import { senderSubjectKeysOf } from './senderSubjectKeys';

/** Copies' Date headers may differ by a time-zone offset (up to 14 hours either side) or by a relay's delay. */
export const COPY_DATE_SPAN_MS = 24 * 60 * 60 * 1000;

/** Whether two dates can be one mail's: within a day of each other, whatever the time zones written. */
export function areCopyDates(first: number, second: number): boolean {
  return Math.abs(first - second) <= COPY_DATE_SPAN_MS;
}

/** Mails without text (an attachment alone, a bare subject) are told apart by nothing: never copies. */
export const EMPTY_BODY_HASH = bodyHashOf('');

function* ordinalsBetween(from: number, to: number): Iterable<number> {
  for (let ordinal = from; ordinal < to; ordinal += 1) yield ordinal;
}

/** A copy of `array` at least `length` long, the new places set to `fill`. */
function grownTo(array: Int32Array<ArrayBuffer>, length: number, fill: number): Int32Array<ArrayBuffer> {
  if (length <= array.length) return array;
  const larger = new Int32Array(Math.max(array.length * 2, length)).fill(fill);
  larger.set(array);
  return larger;
}

/**
 * The groups of the catalog's first `size` messages. After each batch of an import `extend` keys only the new
 * messages and marks again only the groups they joined: building the groups of a 100k-message archive anew took the
 * engine's thread up to a second after every batch, while the searches waiting behind it stalled (issue 25).
 */
export class SenderSubjectGroups {
  size = 0;
  /** A grouped message's group, named by its first member; -1 for a message alone with its sender and subject. */
  groupOf = new Int32Array(0);
  /**
   * 1 for the messages that may be a copy of another: in a group with a message whose body is not hashed yet, or with
   * a message of the same body dated within a day. Only these are bucketed: a common sender's or list's matches are
   * mostly messages with no copy, and keying each took an operator search at 100k messages milliseconds.
   */
  mayBeCopy = new Uint8Array(0);
  /** The next member of the message's group after it (-1 at the last), from the group's first member. */
  private nextMember = new Int32Array(0);
  /** The first message of each sender-and-subject key (see SenderSubjectKeys). */
  private readonly firstByKey = new FirstByKey();

  /** Groups whose marks are out of date: a message joined them since they were last marked. */
  private readonly unmarked = new Set<number>();

  /** Groups the catalog's messages from `size` on and marks the groups they joined again. */
  extend(catalog: Catalog): void {
    this.grow(catalog.size);
    for (let ordinal = this.size; ordinal < catalog.size; ordinal += 1) this.group(ordinal, catalog);
    for (const first of this.unmarked) this.mark(first, catalog);
    this.unmarked.clear();
  }

  /**
   * As `extend`, in turns of a few milliseconds (see turns.ts), for the first grouping of a large catalog: a second of
   * the engine's thread at 100k messages, which searches should not wait out. Messages added meanwhile are grouped too.
   * `turnMs` is for tests.
   */
  async extendInTurns(catalog: Catalog, turnMs = TURN_MS): Promise<void> {
    while (this.size < catalog.size) {
      this.grow(catalog.size);
      await inTurns(
        ordinalsBetween(this.size, catalog.size),
        (ordinal) => {
          // A search may have extended the groups meanwhile.
          if (ordinal === this.size) this.group(ordinal, catalog);
        },
        turnMs,
      );
    }
    await inTurns(
      [...this.unmarked],
      (first) => {
        if (this.unmarked.delete(first)) this.mark(first, catalog);
      },
      turnMs,
    );
  }

  private grow(length: number): void {
    this.groupOf = grownTo(this.groupOf, length, -1);
    this.nextMember = grownTo(this.nextMember, length, -1);
    if (this.mayBeCopy.length < length) {
      const larger = new Uint8Array(Math.max(this.mayBeCopy.length * 2, length));
      larger.set(this.mayBeCopy);
      this.mayBeCopy = larger;
    }
  }

  /** Puts the next message (`ordinal`, which is `size`) in its group, whose marks are then to be worked out again. */
  private group(ordinal: number, catalog: Catalog): void {
    const first = this.firstByKey.firstOf(senderSubjectKeysOf(catalog).key(ordinal), ordinal);
    this.size = ordinal + 1;
    if (first === ordinal) return;
    this.groupOf[first] = first;
    this.groupOf[ordinal] = first;
    this.nextMember[ordinal] = this.nextMember[first]!;
    this.nextMember[first] = ordinal;
    this.unmarked.add(first);
  }

  /**
   * Marks the members of the group that may be a copy of another (see `mayBeCopy`). A body hashed later (sameMail.ts
   * reads some) is in a group marked whole, as it had an unhashed member, so the marks stay a superset of those a
   * grouping made now would give, and copies found among the marked are the same.
   */
  private mark(first: number, catalog: Catalog): void {
    const group: number[] = [];
    for (let member = first; member >= 0; member = this.nextMember[member]!) group.push(member);
    if (group.some((ordinal) => catalog.bodyHash(ordinal) === null)) {
      for (const ordinal of group) this.mayBeCopy[ordinal] = 1;
      return;
    }
    for (const ordinal of group) this.mayBeCopy[ordinal] = 0;
    const byHash = new Map<number, number[]>();
    for (const ordinal of group) {
      const hash = catalog.bodyHash(ordinal)!;
      if (hash === EMPTY_BODY_HASH) continue;
      const same = byHash.get(hash);
      if (same) same.push(ordinal);
      else byHash.set(hash, [ordinal]);
    }
    for (const same of byHash.values()) for (const ordinal of withCopyDates(same, catalog)) this.mayBeCopy[ordinal] = 1;
  }
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
