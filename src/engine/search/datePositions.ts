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
    places = { size: catalog.size, positions: null, ordered: null, asked: 0 };
    placesByCatalog.set(catalog, places);
  }
  if (places.positions !== null || (places.asked += 1) !== ASKED_BEFORE_SORTING) return places.positions;
  const { size, dates } = catalog;
  for (let ordinal = 0; ordinal < size; ordinal += 1) if (Number.isNaN(dates[ordinal])) return null;
  const ordinals = new Int32Array(size);
  for (let ordinal = 0; ordinal < size; ordinal += 1) ordinals[ordinal] = ordinal;
  ordinals.sort((first, second) => compareByDate(catalog, first, second));
  const positions = new Int32Array(size);
  for (let place = 0; place < size; place += 1) positions[ordinals[place]!] = place;
  places.positions = positions;
  places.ordered = ordinals;
  return positions;
}

/** The ordinals newest first, once datePositions worked them out for the catalog's size; else null. */
export function dateOrdered(catalog: Catalog): Int32Array | null {
  const places = placesByCatalog.get(catalog);
  return places?.size === catalog.size ? places.ordered : null;
}
