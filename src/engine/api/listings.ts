// Folder/label lists and store statistics, computed from the catalog.
import type { Folder } from '../../shared/model/folder';
import { isExcludedPlace } from '../../shared/query/excludedFolders';
import type { Stats } from '../../shared/model/stats';
import type { Catalog } from '../index/catalog';
import { leaveOutExcluded } from '../search/excludedByDefault';
import type { SourceRegistry } from '../store/sourceRegistry';

/** Messages a search leaves out unless asked (Trash and Spam), one byte each: 1 when left out. */
function excludedMessages(catalog: Catalog): Uint8Array {
  const kept = new Uint8Array(catalog.size).fill(1);
  leaveOutExcluded(kept, catalog);
  for (let ordinal = 0; ordinal < kept.length; ordinal += 1) kept[ordinal] = kept[ordinal] ? 0 : 1;
  return kept;
}

/**
 * Each folder and label of each source with the messages a click on it lists: in Trash or Spam all of them, elsewhere
 * those not also in Trash or Spam (a Gmail message keeps its Inbox label when trashed), and how many of them are unread.
 */
export function listFolders(catalog: Catalog): Folder[] {
  const excluded = excludedMessages(catalog);
  const counts = new Map<string, Folder>();
  const isPlaceExcluded = new Map<string, boolean>();
  const bump = (kind: Folder['kind'], source: string, path: string, ordinal: number): void => {
    let placeExcluded = isPlaceExcluded.get(path);
    if (placeExcluded === undefined) {
      placeExcluded = isExcludedPlace(path);
      isPlaceExcluded.set(path, placeExcluded);
    }
    const key = `${kind}\u0000${source}\u0000${path}`;
    let folder = counts.get(key);
    if (!folder) {
      folder = { name: path.split('/').pop() || path, path, kind, count: 0, unread: 0, source };
      counts.set(key, folder);
    }
    if (excluded[ordinal] && !placeExcluded) return;
    folder.count += 1;
    if (!catalog.isRead(ordinal)) folder.unread += 1;
  };
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    const source = catalog.sourceId(ordinal);
    bump('folder', source, catalog.folder(ordinal), ordinal);
    for (const label of catalog.labels(ordinal)) bump('label', source, label, ordinal);
  }
  return [...counts.values()].sort(
    (first, second) =>
      first.source.localeCompare(second.source) || first.kind.localeCompare(second.kind) || first.path.localeCompare(second.path),
  );
}

export function computeStats(
  catalog: Catalog,
  sources: SourceRegistry,
  vectors: { embeddedMessages: number; embeddedChunks: number; embedderId: string | null },
): Omit<Stats, 'dataDir'> {
  const threads = new Set<string>();
  const folders = new Set<string>();
  const labels = new Set<string>();
  let attachments = 0;
  let allMailMessages = 0;
  let allMailUnread = 0;
  const excluded = excludedMessages(catalog);
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    if (!excluded[ordinal]) {
      allMailMessages += 1;
      if (!catalog.isRead(ordinal)) allMailUnread += 1;
    }
    threads.add(catalog.threadId(ordinal));
    folders.add(`${catalog.sourceId(ordinal)}\u0000${catalog.folder(ordinal)}`);
    for (const label of catalog.labels(ordinal)) labels.add(label);
    attachments += catalog.attachments(ordinal).length;
  }
  return {
    messages: catalog.size,
    allMailMessages,
    allMailUnread,
    threads: threads.size,
    folders: folders.size,
    labels: labels.size,
    attachments,
    sources: sources.list(),
    ...vectors,
  };
}
