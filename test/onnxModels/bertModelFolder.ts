// Writes a complete Xenova-layout model folder (config, tokenizer files, onnx/model_quantized.onnx) around a
// random-weight BERT of a given shape: an embedder, or with `classifier` a cross-encoder, that transformers.js loads
// exactly as it loads the real export.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBertModel, type BertShape } from './buildBertModel';
import { generateVocabulary, wordPieceTokenizerFiles } from './wordPieceTokenizer';

export interface BertFolderOptions {
  /** A one-logit classifier head (BertForSequenceClassification), as ms-marco cross-encoders have. */
  classifier?: boolean;
  /** uint8 weights in every linear layer (onnxruntime's dynamic quantization), as model_quantized.onnx files have. */
  quantized?: boolean;
  /** The vocabulary, one token per id; generated when absent. Its length must be the shape's vocabulary size. */
  vocabulary?: string[];
  seed?: number;
}

/** Writes the folder and returns the ONNX model's size in bytes. */
export async function writeBertModelFolder(folder: string, shape: BertShape, options: BertFolderOptions = {}): Promise<number> {
  const vocabulary = options.vocabulary ?? generateVocabulary(shape.vocabularySize);
  if (vocabulary.length !== shape.vocabularySize)
    throw new Error(`bertModelFolder: the vocabulary has ${vocabulary.length} tokens, the shape ${shape.vocabularySize}`);
  const model = buildBertModel(shape, { classifier: options.classifier, quantized: options.quantized, seed: options.seed });
  const config = {
    architectures: [options.classifier ? 'BertForSequenceClassification' : 'BertModel'],
    hidden_act: 'gelu',
    hidden_size: shape.hidden,
    intermediate_size: shape.intermediate,
    layer_norm_eps: 1e-12,
    max_position_embeddings: shape.maxPositions,
    model_type: 'bert',
    num_attention_heads: shape.heads,
    num_hidden_layers: shape.layers,
    pad_token_id: 0,
    type_vocab_size: 2,
    vocab_size: shape.vocabularySize,
    ...(options.classifier ? { id2label: { 0: 'LABEL_0' }, label2id: { LABEL_0: 0 } } : {}),
  };
  await mkdir(join(folder, 'onnx'), { recursive: true });
  await writeFile(join(folder, 'config.json'), JSON.stringify(config, null, 2));
  for (const [name, text] of Object.entries(wordPieceTokenizerFiles(vocabulary, shape.maxPositions)))
    await writeFile(join(folder, name), text);
  await writeFile(
    join(folder, 'special_tokens_map.json'),
    JSON.stringify({ cls_token: '[CLS]', mask_token: '[MASK]', pad_token: '[PAD]', sep_token: '[SEP]', unk_token: '[UNK]' }),
  );
  await writeFile(join(folder, 'onnx/model_quantized.onnx'), model);
  return model.length;
}
