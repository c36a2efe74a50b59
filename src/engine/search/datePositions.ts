// Each message's place in newest-first order (equal dates by id), per catalog: date and score orders compare two
// places instead of two dates and, on a tie, two ids.
import type { Catalog } from '../index/catalog';

/**
 * Searches that ask for the order of a catalog of one size before its places are worked out: sorting every message
 * once costs about what a few searches' comparisons do at 100k messages, so a first search pays nothing for it, and
 * while an import adds messages (the size moving between searches) the places are never worked out at all.
 */
const ASKED_BEFORE_SORTING = 8;

interface Places {
  size: number;
  /** null until asked for ASKED_BEFORE_SORTING times at this size, or when a date is not a number. */
  positions: Int32Array | null;
  /** The ordinals in that order, newest first (positions' inverse). */
  ordered: Int32Array | null;
  asked: number;
  /** The newest-first order last worked out, at a smaller size: the new messages are merged into it (see extended). */
  earlier: { size: number; ordered: Int32Array } | null;
}

/** Catalogs only gain messages, at the end, and keep their dates and ids (loadIndexes builds a new one otherwise). */
const placesByCatalog = new WeakMap<Catalog, Places>();

function compareIds(catalog: Catalog, first: number, second: number): number {
  const a = catalog.id(first);
  const b = catalog.id(second);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first; equal dates by id, so pages never shuffle. */
export function compareByDate(catalog: Catalog, first: number, second: number): number {
  return catalog.dates[second]! - catalog.dates[first]! || compareIds(catalog, first, second);
}

/** Each ordinal's place in newest-first order, or null while the catalog's size moves (see ASKED_BEFORE_SORTING). */
export function datePositions(catalog: Catalog): Int32Array | null {
  let places = placesByCatalog.get(catalog);
  if (places?.size !== catalog.size) {
    const earlier = places === undefined || places.size > catalog.size ? null : places.ordered === null ? places.earlier : places;
    places = {
      size: catalog.size,
      positions: null,
      ordered: null,
      asked: 0,
      earlier: earlier && { size: earlier.size, ordered: earlier.ordered! },
    };
    placesByCatalog.set(catalog, places);
  }
  if (places.positions !== null || (places.asked += 1) !== ASKED_BEFORE_SORTING) return places.positions;
  const { size, dates } = catalog;
  const from = places.earlier?.size ?? 0;
  for (let ordinal = from; ordinal < size; ordinal += 1) if (Number.isNaN(dates[ordinal])) return null;
  const ordinals = extended(catalog, places.earlier);
  places.earlier = null;
  const positions = new Int32Array(size);
  for (let place = 0; place < size; place += 1) positions[ordinals[place]!] = place;
  places.positions = positions;
  places.ordered = ordinals;
  return positions;
}

/**
 * The catalog's ordinals newest first: the messages added since `earlier` sorted among themselves and merged into its
 * order, which gives what sorting them all does (the order is total) for the new messages' cost and a pass. Sorting a
 * 100k-message catalog again after every batch of an import was tens of milliseconds of a search's time (issue 25).
 */
function extended(catalog: Catalog, earlier: { size: number; ordered: Int32Array } | null): Int32Array {
  const from = earlier?.size ?? 0;
  const added = new Int32Array(catalog.size - from);
  for (let index = 0; index < added.length; index += 1) added[index] = from + index;
  added.sort((first, second) => compareByDate(catalog, first, second));
  if (earlier === null) return added;
  const ordered = new Int32Array(catalog.size);
  let older = 0;
  let newer = 0;
  let place = 0;
  while (newer < added.length) {
    const takesOlder = older < earlier.ordered.length && compareByDate(catalog, earlier.ordered[older]!, added[newer]!) <= 0;
    ordered[place++] = takesOlder ? earlier.ordered[older++]! : added[newer++]!;
  }
  ordered.set(earlier.ordered.subarray(older), place);
  return ordered;
}

/** The ordinals newest first, once datePositions worked them out for the catalog's size; else null. */
export function dateOrdered(catalog: Catalog): Int32Array | null {
  const places = placesByCatalog.get(catalog);
  return places?.size === catalog.size ? places.ordered : null;
}
