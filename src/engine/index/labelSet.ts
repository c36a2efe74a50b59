// A distinct label list of the catalog, parsed once, with its place keys: most messages share a few such lists.
import { decodeLabels } from '../store/messageRecord';
import { placeKey } from '../../shared/query/placeKey';

/** Shared by every message without labels: one array instead of one each. */
export const NO_LABELS: string[] = Object.freeze([]) as unknown as string[];

/** A distinct label list, parsed once, with its place keys. */
export interface LabelSet {
  labels: string[];
  keys: string[];
}

export function labelSetOf(json: string): LabelSet {
  const labels = json === '[]' ? NO_LABELS : decodeLabels(json);
  return labels.length === 0 ? { labels: NO_LABELS, keys: NO_LABELS } : { labels, keys: labels.map(placeKey) };
}
