// Folder/label lists and store statistics, computed from the catalog.
import type { Folder } from '../shared/model/folder';
import type { Stats } from '../shared/model/stats';
import type { Catalog } from './index/catalog';
import type { SourceRegistry } from './sources';

export function listFolders(catalog: Catalog): Folder[] {
  const counts = new Map<string, Folder>();
  const bump = (kind: Folder['kind'], source: string, path: string): void => {
    const key = `${kind}\u0000${source}\u0000${path}`;
    const folder = counts.get(key);
    if (folder) folder.count += 1;
    else counts.set(key, { name: path.split('/').pop() || path, path, kind, count: 1, source });
  };
  for (const entry of catalog.entries) {
    bump('folder', entry.row.sourceId, entry.row.folder);
    for (const label of entry.labels) bump('label', entry.row.sourceId, label);
  }
  return [...counts.values()].sort(
    (first, second) => first.source.localeCompare(second.source) || first.kind.localeCompare(second.kind) || first.path.localeCompare(second.path),
  );
}

export function computeStats(catalog: Catalog, sources: SourceRegistry, vectors: { embeddedMessages: number; embeddedChunks: number; embedderId: string | null }): Omit<Stats, 'dataDir'> {
  const threads = new Set<string>();
  const folders = new Set<string>();
  const labels = new Set<string>();
  let attachments = 0;
  for (const entry of catalog.entries) {
    threads.add(entry.row.threadId);
    folders.add(`${entry.row.sourceId}\u0000${entry.row.folder}`);
    for (const label of entry.labels) labels.add(label);
    attachments += entry.attachments.length;
  }
  return { messages: catalog.size, threads: threads.size, folders: folders.size, labels: labels.size, attachments, sources: sources.list(), ...vectors };
}
