// Which imports a healed messages table lost messages of, and the store's health as the engine reports it.
import type { SourceRecord } from '../../shared/model/importing';
import type { LostImport, StoreHealth, TableHealing } from '../../shared/model/storeHealth';
import type { Catalog } from '../index/catalog';
import type { SourceRegistry } from '../store/sourceRegistry';

/**
 * Imports that ended after the kept version was written and whose messages are not all in the table now. An import
 * records its source just after its last version, so the import that wrote the kept version ends after it too: the
 * count of its messages still present tells it apart. A source with duplicates of other sources' mail is named when
 * it need not be; importing it again costs a read of the file and changes nothing.
 */
export function findLostImports(
  healing: TableHealing,
  sources: readonly SourceRecord[],
  presentBySource: ReadonlyMap<string, number>,
): LostImport[] {
  const keptAt = healing.keptAt === null ? Number.NEGATIVE_INFINITY : Date.parse(healing.keptAt);
  const lost: LostImport[] = [];
  for (const source of sources) {
    const present = presentBySource.get(source.id) ?? 0;
    if (Date.parse(source.importedAt) > keptAt && present < source.messages) {
      lost.push({ sourceId: source.id, path: source.path, importedAt: source.importedAt, messages: source.messages, present });
    }
  }
  return lost;
}

/**
 * Marks the imports a healing lost as incomplete in the registry, so they are named until imported again. A reader
 * may not write: it gets them back to report (the writer's next open saves them).
 */
export async function noteLostImports(
  healing: TableHealing | null,
  sources: SourceRegistry,
  presentBySource: () => ReadonlyMap<string, number>,
  canWrite: boolean,
): Promise<LostImport[]> {
  if (!healing) return [];
  const lost = findLostImports(healing, sources.list(), presentBySource());
  if (!canWrite) return lost;
  await sources.markIncomplete(lost);
  return [];
}

/** The health to report, or undefined for a store with nothing to say. */
export function storeHealthOf(
  healed: readonly TableHealing[],
  sources: SourceRegistry,
  unsaved: readonly LostImport[],
): StoreHealth | undefined {
  const reimport = new Map(sources.incomplete().map((lost) => [lost.sourceId, lost]));
  for (const lost of unsaved) reimport.set(lost.sourceId, lost);
  if (healed.length === 0 && reimport.size === 0) return undefined;
  return { healed: [...healed], reimport: [...reimport.values()] };
}

/** Messages in the catalog per source. */
export function messagesBySource(catalog: Catalog): Map<string, number> {
  const counts = new Map<string, number>();
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    const source = catalog.sourceId(ordinal);
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return counts;
}
