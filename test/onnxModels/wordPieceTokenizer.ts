// Writes the tokenizer files of a BERT WordPiece tokenizer (tokenizer.json, tokenizer_config.json, vocab.txt) around a
// generated vocabulary, in the layout of all-MiniLM-L6-v2's own, so transformers.js reads them the same way.

/** BERT's special tokens sit at these ids in every uncased BERT vocabulary. */
const SPECIAL_IDS = { '[PAD]': 0, '[UNK]': 100, '[CLS]': 101, '[SEP]': 102, '[MASK]': 103 } as const;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const SYMBOLS = `0123456789!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

/**
 * `size` entries: the special tokens at BERT's ids, unused slots up to 100, every letter, digit and symbol alone and
 * as a continuation (##x), then letter pairs and triples (both forms) until full. Words split into pieces of up to three
 * letters: more tokens per word than a learnt vocabulary gives, which only makes a timing on it pessimistic.
 */
export function generateVocabulary(size: number): string[] {
  const vocabulary: string[] = [];
  for (let id = 0; id < 104; id += 1)
    vocabulary.push(Object.entries(SPECIAL_IDS).find(([, special]) => special === id)?.[0] ?? `[unused${id}]`);
  const singles = [...LETTERS, ...SYMBOLS];
  const pieces = [...singles, ...singles.map((piece) => `##${piece}`)];
  for (const first of LETTERS) for (const second of LETTERS) pieces.push(first + second, `##${first}${second}`);
  outer: for (const first of LETTERS)
    for (const second of LETTERS)
      for (const third of LETTERS) {
        if (vocabulary.length + pieces.length >= size) break outer;
        pieces.push(first + second + third, `##${first}${second}${third}`);
      }
  vocabulary.push(...pieces);
  if (vocabulary.length > size) vocabulary.length = size;
  if (vocabulary.length < size) throw new Error(`wordPieceTokenizer: cannot generate ${size} entries (at most ${vocabulary.length})`);
  return vocabulary;
}

const special = (token: string, id: number) => ({
  id,
  content: token,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});

/** The three files, by name; `vocabulary[id]` is the token of id `id` and must hold BERT's special tokens at their ids. */
export function wordPieceTokenizerFiles(vocabulary: string[], maxLength: number): Record<string, string> {
  for (const [token, id] of Object.entries(SPECIAL_IDS))
    if (vocabulary[id] !== token) throw new Error(`wordPieceTokenizer: the vocabulary must hold ${token} at id ${id}`);
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: Object.entries(SPECIAL_IDS).map(([token, id]) => special(token, id)),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [SPECIAL_IDS['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [SPECIAL_IDS['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((token, id) => [token, id])),
    },
  };
  const config = {
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    do_basic_tokenize: true,
    do_lower_case: true,
    mask_token: '[MASK]',
    model_max_length: maxLength,
    never_split: null,
    pad_token: '[PAD]',
    sep_token: '[SEP]',
    strip_accents: null,
    tokenize_chinese_chars: true,
    tokenizer_class: 'BertTokenizer',
    unk_token: '[UNK]',
  };
  return {
    'tokenizer.json': JSON.stringify(tokenizer),
    'tokenizer_config.json': JSON.stringify(config, null, 2),
    'vocab.txt': `${vocabulary.join('\n')}\n`,
  };
}
