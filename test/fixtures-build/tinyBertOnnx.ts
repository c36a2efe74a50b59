// Test helper: writes a tiny BERT-shaped ONNX model by hand (a protobuf encoder of the few ONNX messages it needs).
// The graph: last_hidden_state = (wordEmbeddings[input_ids] + typeEmbeddings[token_type_ids]) * attention_mask.

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
export const TENSOR_FLOAT = 1;
export const TENSOR_INT64 = 7;
const ATTRIBUTE_INT = 2;

function varint(value: bigint): Buffer {
  // Negative int64 values travel as their 64-bit two's complement, which is always ten bytes.
  let remaining = BigInt.asUintN(64, value);
  const bytes: number[] = [];
  do {
    const low = Number(remaining & 0x7fn);
    remaining >>= 7n;
    bytes.push(remaining === 0n ? low : low | 0x80);
  } while (remaining !== 0n);
  return Buffer.from(bytes);
}

function key(field: number, wireType: number): Buffer {
  return varint(BigInt((field << 3) | wireType));
}

export function numberField(field: number, value: number | bigint): Buffer {
  return Buffer.concat([key(field, WIRE_VARINT), varint(BigInt(value))]);
}

export function bytesField(field: number, bytes: Buffer): Buffer {
  return Buffer.concat([key(field, WIRE_BYTES), varint(BigInt(bytes.length)), bytes]);
}

export function stringField(field: number, text: string): Buffer {
  return bytesField(field, Buffer.from(text, 'utf8'));
}

/** A dimension is a fixed size or a symbolic name such as "batch". */
export function tensorValueInfo(name: string, elementType: number, shape: (number | string)[]): Buffer {
  const dimensions = shape.map((dimension) =>
    bytesField(1, typeof dimension === 'number' ? numberField(1, dimension) : stringField(2, dimension)),
  );
  const tensorType = Buffer.concat([numberField(1, elementType), bytesField(2, Buffer.concat(dimensions))]);
  return Buffer.concat([stringField(1, name), bytesField(2, bytesField(1, tensorType))]);
}

export function tensor(name: string, elementType: number, dims: number[], raw: Buffer): Buffer {
  return Buffer.concat([
    ...dims.map((dimension) => numberField(1, dimension)),
    numberField(2, elementType),
    stringField(8, name),
    bytesField(9, raw),
  ]);
}

export function node(opType: string, inputs: string[], outputs: string[], attributes: Buffer[] = []): Buffer {
  return Buffer.concat([
    ...inputs.map((input) => stringField(1, input)),
    ...outputs.map((output) => stringField(2, output)),
    stringField(3, `${opType}_${outputs[0] ?? ''}`),
    stringField(4, opType),
    ...attributes.map((attribute) => bytesField(5, attribute)),
  ]);
}

export function intAttribute(name: string, value: number): Buffer {
  return Buffer.concat([stringField(1, name), numberField(3, value), numberField(20, ATTRIBUTE_INT)]);
}

/** A seeded generator (mulberry32), so the "random" weights are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface TinyBertModel {
  /** The serialised ModelProto, ready to save as `onnx/model_quantized.onnx`. */
  bytes: Buffer;
  /** Row-major [vocabularySize, dimensions]. */
  wordEmbeddings: Float32Array;
  /** Row-major [2, dimensions]. */
  typeEmbeddings: Float32Array;
}

export function buildTinyBertOnnx(options: { vocabularySize: number; dimensions: number; seed?: number }): TinyBertModel {
  const { vocabularySize, dimensions } = options;
  const random = seededRandom(options.seed ?? 42);
  const wordEmbeddings = Float32Array.from({ length: vocabularySize * dimensions }, () => random() * 2 - 1);
  const typeEmbeddings = Float32Array.from({ length: 2 * dimensions }, () => (random() * 2 - 1) * 0.1);
  const axes = Buffer.alloc(8);
  axes.writeBigInt64LE(-1n);

  const graph = Buffer.concat([
    bytesField(1, node('Gather', ['word_embeddings', 'input_ids'], ['words'])),
    bytesField(1, node('Gather', ['type_embeddings', 'token_type_ids'], ['types'])),
    bytesField(1, node('Add', ['words', 'types'], ['summed'])),
    bytesField(1, node('Cast', ['attention_mask'], ['mask_float'], [intAttribute('to', TENSOR_FLOAT)])),
    bytesField(1, node('Unsqueeze', ['mask_float', 'unsqueeze_axes'], ['mask_expanded'])),
    bytesField(1, node('Mul', ['summed', 'mask_expanded'], ['last_hidden_state'])),
    stringField(2, 'tiny_bert'),
    bytesField(5, tensor('word_embeddings', TENSOR_FLOAT, [vocabularySize, dimensions], Buffer.from(wordEmbeddings.buffer))),
    bytesField(5, tensor('type_embeddings', TENSOR_FLOAT, [2, dimensions], Buffer.from(typeEmbeddings.buffer))),
    bytesField(5, tensor('unsqueeze_axes', TENSOR_INT64, [1], axes)),
    bytesField(11, tensorValueInfo('input_ids', TENSOR_INT64, ['batch', 'sequence'])),
    bytesField(11, tensorValueInfo('attention_mask', TENSOR_INT64, ['batch', 'sequence'])),
    bytesField(11, tensorValueInfo('token_type_ids', TENSOR_INT64, ['batch', 'sequence'])),
    bytesField(12, tensorValueInfo('last_hidden_state', TENSOR_FLOAT, ['batch', 'sequence', dimensions])),
  ]);
  return { bytes: modelProto(graph), wordEmbeddings, typeEmbeddings };
}

/** A ModelProto (IR version 8, opset 14 unless told) around a serialised graph. */
export function modelProto(graph: Buffer, opset = 14): Buffer {
  const opsetImport = Buffer.concat([stringField(1, ''), numberField(2, opset)]);
  return Buffer.concat([numberField(1, 8), stringField(2, 'lantern-tests'), bytesField(7, graph), bytesField(8, opsetImport)]);
}
