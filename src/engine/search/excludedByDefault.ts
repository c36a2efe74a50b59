// Leaves Trash and Spam out of a search's matches, judging each distinct folder and label list of the catalog once.
import { isExcludedPlace } from '../../shared/query/excludedFolders';
import type { Catalog } from '../index/catalog';
import { setBits } from './bitset';

/** Verdicts by place key: an archive has a few hundred distinct folders and labels, judged once each, not per message. */
const verdicts = new Map<string, boolean>();

function isExcluded(placeKey: string): boolean {
  let verdict = verdicts.get(placeKey);
  if (verdict === undefined) {
    verdict = isExcludedPlace(placeKey);
    verdicts.set(placeKey, verdict);
  }
  return verdict;
}

/**
 * The messages in Trash or Spam, per catalog, until it changes: marking them took a pass over every message's folder
 * and labels at each evaluation, and a search evaluates its query up to three times. Messages added since are judged
 * one by one (a catalog only appends, and a message's folder never changes); replaced labels mark every message again.
 * A pass over a 100k-message catalog after each batch of an import was milliseconds of a search's time (issue 25).
 */
const excludedOrdinals = new WeakMap<Catalog, { size: number; labelAmendments: number; ordinals: Int32Array }>();

function excludedOf(catalog: Catalog): Int32Array {
  const known = excludedOrdinals.get(catalog);
  if (known && known.labelAmendments === catalog.labelAmendments && known.size <= catalog.size) {
    if (known.size === catalog.size) return known.ordinals;
    const added: number[] = [];
    for (let ordinal = known.size; ordinal < catalog.size; ordinal += 1) if (isInExcludedPlace(catalog, ordinal)) added.push(ordinal);
    const ordinals = new Int32Array(known.ordinals.length + added.length);
    ordinals.set(known.ordinals);
    ordinals.set(added, known.ordinals.length);
    excludedOrdinals.set(catalog, { size: catalog.size, labelAmendments: catalog.labelAmendments, ordinals });
    return ordinals;
  }
  const excluded = new Uint8Array(catalog.size);
  catalog.columns.folderKey.mark(excluded, isExcluded);
  catalog.markLabels(excluded, (keys) => keys.some(isExcluded));
  const found = { size: catalog.size, labelAmendments: catalog.labelAmendments, ordinals: Int32Array.from(setBits(excluded)) };
  excludedOrdinals.set(catalog, found);
  return found.ordinals;
}

/** Clears the bit of every message whose folder or one of whose labels is Trash or Spam (see excludedFolders). */
export function leaveOutExcluded(matches: Uint8Array, catalog: Catalog): void {
  for (const ordinal of excludedOf(catalog)) if (ordinal < matches.length) matches[ordinal] = 0;
}

/**
 * Whether a message's folder or one of its labels is Trash or Spam: looked up among the catalog's messages there (see
 * excludedOf), which a search has worked out already; reading the message's folder and labels decoded the whole folder
 * column in a freshly started engine.
 */
export function isExcludedMessage(catalog: Catalog, ordinal: number): boolean {
  const excluded = excludedOf(catalog);
  let low = 0;
  let high = excluded.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (excluded[middle]! < ordinal) low = middle + 1;
    else high = middle;
  }
  return low < excluded.length && excluded[low] === ordinal;
}

/** Whether a message's folder or one of its labels is Trash or Spam, judged from them. */
function isInExcludedPlace(catalog: Catalog, ordinal: number): boolean {
  if (isExcluded(catalog.columns.folderKey.valueAt(ordinal))) return true;
  for (const key of catalog.labelKeys(ordinal)) if (isExcluded(key)) return true;
  return false;
}
