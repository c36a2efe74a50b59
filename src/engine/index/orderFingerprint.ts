// The fingerprint of the order a catalog numbers its messages in: a saved keyword index speaks ordinals, so it is used
// only with a catalog whose fingerprint is the one it was saved with.
import { nodeCrypto } from '../nodeCrypto';
import type { Catalog } from './catalog';

/** Ids hashed per update: the same digest as one id at a time, without a call into the hash for each message. */
const IDS_PER_UPDATE = 4096;

/**
 * The fingerprint a catalog's snapshot was saved with (see CatalogSnapshotManifest.order), while the catalog holds the
 * same messages as then: it only ever appends, so its size tells.
 */
const savedByCatalog = new WeakMap<Catalog, { fingerprint: string; size: number }>();

/** Notes the fingerprint of the catalog as it is now, saved with its snapshot or read from it. */
export function noteOrderFingerprint(catalog: Catalog, fingerprint: string): void {
  savedByCatalog.set(catalog, { fingerprint, size: catalog.size });
}

/**
 * A hash of the ids joined, as UTF-8: the one noted for the catalog as it is, or made from the snapshot's bytes (a
 * catalog read from it, without decoding an id), or from the ids. An open reads it from the snapshot: hashing every id
 * was a noticeable part of a whole `lantern search`, and grows with the archive (issue 25).
 */
export function orderFingerprint(catalog: Catalog): string {
  const noted = savedByCatalog.get(catalog);
  if (noted !== undefined && noted.size === catalog.size) return noted.fingerprint;
  const hash = nodeCrypto().createHash('sha256');
  const saved = catalog.savedIdBytes();
  if (saved !== null) {
    for (const bytes of saved) hash.update(bytes);
  } else {
    for (let start = 0; start < catalog.size; start += IDS_PER_UPDATE) {
      const ids: string[] = [];
      for (let ordinal = start; ordinal < Math.min(catalog.size, start + IDS_PER_UPDATE); ordinal += 1) ids.push(catalog.id(ordinal));
      hash.update(ids.join(''));
    }
  }
  const fingerprint = hash.digest('hex').slice(0, 16);
  noteOrderFingerprint(catalog, fingerprint);
  return fingerprint;
}
