// Connections to LanceDB through sessions whose caches are bounded: LanceDB's own defaults let a table's index and
// file metadata take up to 7 GB, and a search engine that stays open kept a million messages' whole vector index.
import { connect, Session, type Connection } from '@lancedb/lancedb';
import { localTableFolder } from './tableFiles';

/**
 * Bytes of index data (the vector index's partitions, the btrees on the filter columns) and of file metadata kept for
 * every table of the process together. At a million messages the vector index is larger than this: partitions past it
 * are read again when a search probes them, which cost no more CPU at these sizes, where a smaller metadata cache did
 * (bench/measured-reasons.md, lanceConnection.ts).
 */
const INDEX_CACHE_BYTES = 64n << 20n;
const METADATA_CACHE_BYTES = 64n << 20n;

let shared: Session | null = null;

/**
 * A connection to `location` (a folder or a LanceDB URI) through the process's one session; an object store's through
 * a session of its own, bounded alike: a session keeps the store's client as the settings were when it was made, and
 * a later connection must read the endpoint and keys as they are then.
 */
export function lanceConnection(location: string): Promise<Connection> {
  const isFolder = localTableFolder(location, '') !== null;
  const session = isFolder ? (shared ??= boundedSession()) : boundedSession();
  // Only the options object carries a session: connect(uri, options, session) ignores its third argument.
  return connect(location, { session });
}

function boundedSession(): Session {
  return new Session(INDEX_CACHE_BYTES, METADATA_CACHE_BYTES);
}

/** Bytes the folders' shared session holds in its caches now (0 before its first connection): within its bounds. */
export function cachedBytes(): number {
  return shared === null ? 0 : Number(shared.sizeBytes());
}

export const CACHE_BOUND_BYTES = Number(INDEX_CACHE_BYTES + METADATA_CACHE_BYTES);
