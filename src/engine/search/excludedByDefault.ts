// Leaves Trash and Spam out of a search's matches, judging each distinct folder and label list of the catalog once.
import { isExcludedPlace } from '../../shared/query/excludedFolders';
import type { Catalog } from '../index/catalog';

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
 * and labels at each evaluation, and a search evaluates its query up to three times.
 */
const excludedOrdinals = new WeakMap<Catalog, { revision: number; ordinals: Int32Array }>();

function excludedOf(catalog: Catalog): Int32Array {
  const known = excludedOrdinals.get(catalog);
  if (known && known.revision === catalog.revision) return known.ordinals;
  const excluded = new Uint8Array(catalog.size);
  catalog.columns.folderKey.mark(excluded, isExcluded);
  catalog.markLabels(excluded, (keys) => keys.some(isExcluded));
  const ordinals: number[] = [];
  for (let ordinal = 0; ordinal < excluded.length; ordinal += 1) if (excluded[ordinal]) ordinals.push(ordinal);
  const found = { revision: catalog.revision, ordinals: Int32Array.from(ordinals) };
  excludedOrdinals.set(catalog, found);
  return found.ordinals;
}

/** Clears the bit of every message whose folder or one of whose labels is Trash or Spam (see excludedFolders). */
export function leaveOutExcluded(matches: Uint8Array, catalog: Catalog): void {
  for (const ordinal of excludedOf(catalog)) if (ordinal < matches.length) matches[ordinal] = 0;
}

/** Whether a message's folder or one of its labels is Trash or Spam. */
export function isExcludedMessage(catalog: Catalog, ordinal: number): boolean {
  if (isExcluded(catalog.columns.folderKey.valueAt(ordinal))) return true;
  for (const key of catalog.labelKeys(ordinal)) if (isExcluded(key)) return true;
  return false;
}
