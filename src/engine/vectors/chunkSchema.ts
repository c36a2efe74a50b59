// The passages table's columns as LanceDB stores them, and the vector length a table was made with.
import type { Table } from '@lancedb/lancedb';
import { Field, FixedSizeList, Float32, Float64, Int32, Schema, Utf8 } from 'apache-arrow';

export function schemaFor(dimensions: number): Schema {
  return new Schema([
    new Field('chunkId', new Utf8(), false),
    new Field('messageId', new Utf8(), false),
    new Field('threadId', new Utf8(), false),
    new Field('date', new Float64(), false),
    new Field('origin', new Utf8(), false),
    new Field('folder', new Utf8(), false),
    new Field('labels', new Utf8(), false),
    new Field('participants', new Utf8(), false),
    new Field('position', new Int32(), false),
    new Field('text', new Utf8(), false),
    new Field('vector', new FixedSizeList(dimensions, new Field('item', new Float32(), true)), false),
  ]);
}

/** The length of the vectors a table holds, from its schema; undefined for a table without a vector column. */
export async function vectorSize(table: Table): Promise<number | undefined> {
  const vectorField = (await table.schema()).fields.find((field) => field.name === 'vector');
  return (vectorField?.type as FixedSizeList | undefined)?.listSize;
}
