// Builds a random-weight BERT encoder as an ONNX model (the graph a transformers export of BertModel has), optionally
// with a one-logit classifier head (a cross-encoder): the shape, not the values, sets the speed onnxruntime runs it at.
import {
  bytesField,
  intAttribute,
  modelProto,
  node,
  stringField,
  tensor,
  tensorValueInfo,
  TENSOR_FLOAT,
  TENSOR_INT64,
} from '../fixtures-build/tinyBertOnnx';
import { seededRandom } from '../seededRandom';

/** The sizes that make a BERT model; all-MiniLM-L6-v2's are MINILM_SHAPE. */
export interface BertShape {
  layers: number;
  hidden: number;
  heads: number;
  intermediate: number;
  vocabularySize: number;
  maxPositions: number;
}

/** all-MiniLM-L6-v2 and ms-marco-MiniLM-L-6-v2 (their config.json). */
export const MINILM_SHAPE: BertShape = { layers: 6, hidden: 384, heads: 12, intermediate: 1536, vocabularySize: 30_522, maxPositions: 512 };

/** onnx.TensorProto.DataType.UINT8: the quantized weights' and activations' type. */
const TENSOR_UINT8 = 2;

/** A few thousand times smaller than MiniLM, for tests: loads and runs in milliseconds. */
export const TINY_SHAPE: BertShape = { layers: 2, hidden: 32, heads: 4, intermediate: 64, vocabularySize: 1_000, maxPositions: 512 };

/** LayerNormalization joined the standard ops at opset 17. */
const OPSET = 17;
/** BERT's initializer range: weights of this spread keep every activation finite through the layers. */
const WEIGHT_SPREAD = 0.02;

function floatBytes(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

function int64Bytes(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach((value, index) => bytes.writeBigInt64LE(BigInt(value), index * 8));
  return bytes;
}

/** Collects nodes and initializers under unique names while the graph is written layer by layer. */
class GraphWriter {
  readonly nodes: Buffer[] = [];
  readonly initializers: Buffer[] = [];
  constructor(
    private readonly random: () => number,
    private readonly isQuantized: boolean,
  ) {}

  add(opType: string, inputs: string[], output: string, attributes: Buffer[] = []): string {
    this.nodes.push(node(opType, inputs, [output], attributes));
    return output;
  }

  /** A weight of uniform random values with BERT's spread (standard deviation WEIGHT_SPREAD). */
  weight(name: string, dims: number[]): string {
    const count = dims.reduce((product, dimension) => product * dimension, 1);
    const scale = WEIGHT_SPREAD * Math.sqrt(3) * 2;
    const values = new Float32Array(count);
    for (let index = 0; index < count; index += 1) values[index] = (this.random() - 0.5) * scale;
    this.initializers.push(tensor(name, TENSOR_FLOAT, dims, floatBytes(values)));
    return name;
  }

  constant(name: string, dims: number[], values: number[]): string {
    this.initializers.push(tensor(name, TENSOR_FLOAT, dims, floatBytes(Float32Array.from(values))));
    return name;
  }

  integers(name: string, dims: number[], values: number[]): string {
    this.initializers.push(tensor(name, TENSOR_INT64, dims, int64Bytes(values)));
    return name;
  }

  /** x·W + b, as the exporter writes a Linear layer; quantized as onnxruntime's quantize_dynamic writes it. */
  linear(input: string, name: string, inputSize: number, outputSize: number): string {
    const bias = this.constant(`${name}.bias`, [outputSize], new Array<number>(outputSize).fill(0));
    const product = this.isQuantized
      ? this.quantizedMatMul(input, name, inputSize, outputSize)
      : this.floatMatMul(input, name, inputSize, outputSize);
    return this.add('Add', [product, bias], `${name}.output`);
  }

  private floatMatMul(input: string, name: string, inputSize: number, outputSize: number): string {
    return this.add('MatMul', [input, this.weight(`${name}.weight`, [inputSize, outputSize])], `${name}.matmul`);
  }

  /**
   * The activations quantized to uint8 on the fly (DynamicQuantizeLinear), multiplied by uint8 weights in integers
   * (MatMulInteger), and scaled back: the graph of Xenova's model_quantized.onnx, which onnxruntime fuses and runs
   * with integer kernels.
   */
  private quantizedMatMul(input: string, name: string, inputSize: number, outputSize: number): string {
    const count = inputSize * outputSize;
    const weights = Buffer.alloc(count);
    for (let index = 0; index < count; index += 1) weights[index] = Math.floor(this.random() * 256);
    this.initializers.push(tensor(`${name}.weight_quantized`, TENSOR_UINT8, [inputSize, outputSize], weights));
    this.initializers.push(tensor(`${name}.weight_zero_point`, TENSOR_UINT8, [], Buffer.from([128])));
    // Uniform over 256 steps with BERT's spread: the step that makes the dequantized weights' deviation WEIGHT_SPREAD.
    const weightScale = this.constant(`${name}.weight_scale`, [], [(WEIGHT_SPREAD * Math.sqrt(12)) / 256]);
    this.nodes.push(node('DynamicQuantizeLinear', [input], [`${name}.input_quantized`, `${name}.input_scale`, `${name}.input_zero_point`]));
    const integers = this.add(
      'MatMulInteger',
      [`${name}.input_quantized`, `${name}.weight_quantized`, `${name}.input_zero_point`, `${name}.weight_zero_point`],
      `${name}.integers`,
    );
    const floats = this.add('Cast', [integers], `${name}.floats`, [intAttribute('to', TENSOR_FLOAT)]);
    const scale = this.add('Mul', [`${name}.input_scale`, weightScale], `${name}.scale`);
    return this.add('Mul', [floats, scale], `${name}.matmul`);
  }

  layerNorm(input: string, name: string, size: number): string {
    const gamma = this.constant(`${name}.gamma`, [size], new Array<number>(size).fill(1));
    const beta = this.constant(`${name}.beta`, [size], new Array<number>(size).fill(0));
    return this.add('LayerNormalization', [input, gamma, beta], `${name}.output`, [
      intAttribute('axis', -1),
      floatAttribute('epsilon', 1e-12),
    ]);
  }
}

function floatAttribute(name: string, value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeFloatLE(value);
  // AttributeProto: name = 1, f = 2 (fixed32), type = 20 (FLOAT = 1).
  return Buffer.concat([stringField(1, name), Buffer.from([0x15]), bytes, Buffer.from([0xa0, 0x01, 0x01])]);
}

function permutation(name: string, values: number[]): Buffer {
  // AttributeProto: ints = 8 (repeated int64, unpacked), type = 20 (INTS = 7).
  const ints = values.map((value) => Buffer.from([0x40, value]));
  return Buffer.concat([stringField(1, name), ...ints, Buffer.from([0xa0, 0x01, 0x07])]);
}

/** One encoder layer: self-attention with the padding bias, then the GELU feed-forward, each with residual + LayerNorm. */
function encoderLayer(graph: GraphWriter, input: string, layer: number, shape: BertShape, attentionBias: string): string {
  const prefix = `layer${layer}`;
  const headSize = shape.hidden / shape.heads;
  const split = graph.integers(`${prefix}.split_heads`, [4], [0, 0, shape.heads, headSize]);
  const heads = (name: string, order: number[]): string =>
    graph.add(
      'Transpose',
      [graph.add('Reshape', [graph.linear(input, `${prefix}.${name}`, shape.hidden, shape.hidden), split], `${prefix}.${name}.heads`)],
      `${prefix}.${name}.transposed`,
      [permutation('perm', order)],
    );
  const query = heads('query', [0, 2, 1, 3]);
  const key = heads('key', [0, 2, 3, 1]);
  const value = heads('value', [0, 2, 1, 3]);
  const scale = graph.constant(`${prefix}.scale`, [], [1 / Math.sqrt(headSize)]);
  const scores = graph.add('Mul', [graph.add('MatMul', [query, key], `${prefix}.scores`), scale], `${prefix}.scaled`);
  const probabilities = graph.add('Softmax', [graph.add('Add', [scores, attentionBias], `${prefix}.biased`)], `${prefix}.probabilities`, [
    intAttribute('axis', -1),
  ]);
  const context = graph.add('Transpose', [graph.add('MatMul', [probabilities, value], `${prefix}.context`)], `${prefix}.context.t`, [
    permutation('perm', [0, 2, 1, 3]),
  ]);
  const merge = graph.integers(`${prefix}.merge_heads`, [3], [0, 0, shape.hidden]);
  const merged = graph.add('Reshape', [context, merge], `${prefix}.merged`);
  const attended = graph.linear(merged, `${prefix}.attention.output`, shape.hidden, shape.hidden);
  const attentionOut = graph.layerNorm(
    graph.add('Add', [attended, input], `${prefix}.attention.residual`),
    `${prefix}.attention.norm`,
    shape.hidden,
  );

  // GELU as the exporter writes it: x · 0.5 · (1 + erf(x / √2)); onnxruntime fuses it.
  const widened = graph.linear(attentionOut, `${prefix}.intermediate`, shape.hidden, shape.intermediate);
  const root2 = graph.constant(`${prefix}.sqrt2`, [], [Math.SQRT2]);
  const one = graph.constant(`${prefix}.one`, [], [1]);
  const half = graph.constant(`${prefix}.half`, [], [0.5]);
  const erf = graph.add('Erf', [graph.add('Div', [widened, root2], `${prefix}.gelu.div`)], `${prefix}.gelu.erf`);
  const gelu = graph.add(
    'Mul',
    [graph.add('Mul', [widened, graph.add('Add', [erf, one], `${prefix}.gelu.add`)], `${prefix}.gelu.mul`), half],
    `${prefix}.gelu`,
  );
  const narrowed = graph.linear(gelu, `${prefix}.output`, shape.intermediate, shape.hidden);
  return graph.layerNorm(graph.add('Add', [narrowed, attentionOut], `${prefix}.output.residual`), `${prefix}.output.norm`, shape.hidden);
}

/**
 * A serialised ModelProto with BERT's inputs (input_ids, attention_mask, token_type_ids; int64 [batch, sequence]).
 * Output `last_hidden_state` [batch, sequence, hidden] (pooled by the caller), or with `classifier`, `logits`
 * [batch, 1] from the [CLS] state through BERT's pooler and a linear head, as ms-marco cross-encoders have. With
 * `quantized`, every linear layer's weights are uint8, as in the model_quantized.onnx files the app loads.
 */
export function buildBertModel(shape: BertShape, options: { classifier?: boolean; quantized?: boolean; seed?: number } = {}): Buffer {
  if (shape.hidden % shape.heads !== 0)
    throw new Error(`buildBertModel: hidden size ${shape.hidden} is not a multiple of ${shape.heads} heads`);
  const graph = new GraphWriter(seededRandom(options.seed ?? 23), options.quantized ?? false);

  const words = graph.add('Gather', [graph.weight('word_embeddings', [shape.vocabularySize, shape.hidden]), 'input_ids'], 'words');
  const types = graph.add('Gather', [graph.weight('token_type_embeddings', [2, shape.hidden]), 'token_type_ids'], 'types');
  const sequenceLength = graph.add(
    'Gather',
    [graph.add('Shape', ['input_ids'], 'input_shape'), graph.integers('axis_one', [], [1])],
    'sequence_length',
  );
  const positionIds = graph.add(
    'Range',
    [graph.integers('zero', [], [0]), sequenceLength, graph.integers('step', [], [1])],
    'position_ids',
  );
  const positions = graph.add(
    'Gather',
    [graph.weight('position_embeddings', [shape.maxPositions, shape.hidden]), positionIds],
    'positions',
  );
  const summed = graph.add('Add', [graph.add('Add', [words, types], 'words_types'), positions], 'embeddings_sum');
  let hidden = graph.layerNorm(summed, 'embeddings.norm', shape.hidden);

  // Padding gets a large negative bias before the softmax, so no token attends to it.
  const mask = graph.add('Cast', ['attention_mask'], 'mask_float', [intAttribute('to', TENSOR_FLOAT)]);
  const expanded = graph.add('Unsqueeze', [mask, graph.integers('mask_axes', [2], [1, 2])], 'mask_expanded');
  const inverted = graph.add('Sub', [graph.constant('mask_one', [], [1]), expanded], 'mask_inverted');
  const attentionBias = graph.add('Mul', [inverted, graph.constant('mask_minimum', [], [-10_000])], 'attention_bias');

  for (let layer = 0; layer < shape.layers; layer += 1) hidden = encoderLayer(graph, hidden, layer, shape, attentionBias);

  let output = 'last_hidden_state';
  let outputShape: (number | string)[] = ['batch', 'sequence', shape.hidden];
  if (options.classifier) {
    const first = graph.add('Gather', [hidden, graph.integers('first_token', [], [0])], 'cls_state', [intAttribute('axis', 1)]);
    const pooled = graph.add('Tanh', [graph.linear(first, 'pooler', shape.hidden, shape.hidden)], 'pooled');
    graph.add('Identity', [graph.linear(pooled, 'classifier', shape.hidden, 1)], 'logits');
    output = 'logits';
    outputShape = ['batch', 1];
  } else {
    graph.add('Identity', [hidden], output);
  }

  const body = Buffer.concat([
    ...graph.nodes.map((bytes) => bytesField(1, bytes)),
    stringField(2, options.classifier ? 'bert_cross_encoder' : 'bert_encoder'),
    ...graph.initializers.map((bytes) => bytesField(5, bytes)),
    ...['input_ids', 'attention_mask', 'token_type_ids'].map((name) =>
      bytesField(11, tensorValueInfo(name, TENSOR_INT64, ['batch', 'sequence'])),
    ),
    bytesField(12, tensorValueInfo(output, TENSOR_FLOAT, outputShape)),
  ]);
  return modelProto(body, OPSET);
}
