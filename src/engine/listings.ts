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
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    const source = catalog.sourceId(ordinal);
    bump('folder', source, catalog.folder(ordinal));
    for (const label of catalog.labels(ordinal)) bump('label', source, label);
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
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    threads.add(catalog.threadId(ordinal));
    folders.add(`${catalog.sourceId(ordinal)}\u0000${catalog.folder(ordinal)}`);
    for (const label of catalog.labels(ordinal)) labels.add(label);
    attachments += catalog.attachments(ordinal).length;
  }
  return { messages: catalog.size, threads: threads.size, folders: folders.size, labels: labels.size, attachments, sources: sources.list(), ...vectors };
}
