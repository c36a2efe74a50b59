// One column of the messages table as Arrow data, built straight into its buffers from the records' values.
import type { Data, DataType } from 'apache-arrow';
import { lanceArrow } from './lanceArrow';

const { Bool, Float64, Int32, Utf8, makeData } = lanceArrow;

/** The UTF-8 bytes of every text one after another and where each starts, as an Arrow Utf8 column holds them. */
function utf8Data(type: DataType, values: readonly unknown[]): Data {
  const texts = values.map((value) => String(value));
  const valueOffsets = new Int32Array(texts.length + 1);
  let total = 0;
  for (let index = 0; index < texts.length; index += 1) {
    total += Buffer.byteLength(texts[index]!, 'utf8');
    valueOffsets[index + 1] = total;
  }
  const bytes = Buffer.allocUnsafeSlow(total);
  for (let index = 0; index < texts.length; index += 1) bytes.write(texts[index]!, valueOffsets[index]!, 'utf8');
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, total);
  return makeData({ type: type as InstanceType<typeof Utf8>, length: texts.length, nullCount: 0, valueOffsets, data });
}

/** One bit a value, the first value in the lowest bit. */
function boolData(type: DataType, values: readonly unknown[]): Data {
  const bits = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((value, index) => {
    if (value) bits[index >> 3]! |= 1 << (index & 7);
  });
  return makeData({ type: type as InstanceType<typeof Bool>, length: values.length, nullCount: 0, data: bits });
}

/**
 * Arrow's vectorFromArray builds a column value by value through a growing builder, encoding each text with its own
 * TextEncoder call: building a batch's columns so took a tenth of the importing thread on short mail (issue 25). The
 * columns of the messages table have no nulls and four types; any other type is built by vectorFromArray as before.
 */
export function arrowColumn(type: DataType, values: readonly unknown[]): Data {
  if (type instanceof Utf8) return utf8Data(type, values);
  if (type instanceof Float64)
    return makeData({ type, length: values.length, nullCount: 0, data: Float64Array.from(values, (value) => Number(value)) });
  if (type instanceof Int32)
    return makeData({ type, length: values.length, nullCount: 0, data: Int32Array.from(values, (value) => Number(value)) });
  if (type instanceof Bool) return boolData(type, values);
  return lanceArrow.vectorFromArray(values, type).data[0]!;
}
