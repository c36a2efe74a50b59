// The catalog's columns as plain data, for its snapshot (see catalogSnapshot.ts): what Catalog.parts gives and fromParts takes.
import type { Catalog } from './catalog';
import type { StringList } from './stringList';
import type { ValueColumnParts } from './valueColumn';

type StoredField = 'threadId' | 'subject' | 'fromName' | 'fromAddress' | 'toJson' | 'ccJson' | 'bccJson' | 'folder' | 'parentId';
/** The fields metadata filters test (Catalog.columns). */
export type FilterField = keyof Catalog['columns'];

/** Every column of a catalog as a snapshot saves it (catalogSnapshot.ts); lookups are made from these when first used. */
export interface CatalogParts {
  ids: StringList;
  messageIds: StringList;
  dates: Float64Array<ArrayBuffer>;
  sizes: Float64Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  /** Catalog.bodyHash per message, 0 where not yet known. */
  bodyHashes: Float64Array<ArrayBuffer>;
  /** Attachment lists as JSON, '[]' for none. */
  attachments: ValueColumnParts;
  labels: ValueColumnParts;
  stored: Record<StoredField, ValueColumnParts>;
  columns: Record<FilterField, ValueColumnParts>;
}

/** Applies `make` to each value of a record, keeping its keys. */
export function mapRecord<K extends string, A, B>(record: Record<K, A>, make: (value: A) => B): Record<K, B> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, make(value as A)])) as Record<K, B>;
}
