// Benchmark driver (own process): the built-in Universal Sentence Encoder beside a random-weight model of
// all-MiniLM-L6-v2's exact shape on the same real passages, in one run; and the passages a whole archive needs
// embedded, newest first with identical passages embedded once, for the time until meaning search covers it.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eachMessage } from './corpus';
import type { ModelRate } from './embeddersReport';
import { writeBertModelFolder } from '../test/onnxModels/bertModelFolder';
import { MINILM_SHAPE } from '../test/onnxModels/buildBertModel';
import type { Embedder } from '../src/engine/embed/embedder';
import { createTransformersEmbedder } from '../src/engine/embed/transformersEmbedder';
import { createUniversalSentenceEncoder } from '../src/engine/embed/universalSentenceEncoder';
import { normalizeMessage } from '../src/engine/import/normalize';
import { loadCrossEncoder } from '../src/engine/search/crossEncoder';
import { PASSAGE_CHARACTERS, RERANK_DEPTH } from '../src/engine/search/rerankStage';
import { decodeAttachmentTexts } from '../src/engine/store/messageRecord';
import { chunkForEmbedding, passagesToEmbed } from '../src/engine/vectors/messagePassages';
import { passageKey } from '../src/engine/vectors/passageReuse';

const [archive, realVocabulary] = process.argv.slice(2) as [string, string | undefined];
/** Passages timed on each model: half a minute of the built-in model's time on an idle core, enough for a steady rate. */
const TIMED_PASSAGES = Number(process.env.LANTERN_BENCH_TIMED_PASSAGES ?? 400);
/** A question of the kind rerank mode is for. */
const RERANK_QUERY = 'why does the submission queue stall when the ring is full';
/** Passages each model embeds before the clock starts (loading, first-call allocations). */
const WARM_UP_PASSAGES = 16;

interface ArchivePassages {
  messages: number;
  passages: number;
  distinct: number;
  /** Every `TIMED_PASSAGES`-th share of the archive's passages, spread over its whole span. */
  sample: string[];
  parseSeconds: number;
}

/** Reads every message as the import does (MIME, text, attachments) and cuts it into the stage's passages. */
async function readPassages(file: string): Promise<ArchivePassages> {
  const started = performance.now();
  const texts: string[] = [];
  const keys = new Set<string>();
  let messages = 0;
  await eachMessage(file, async (raw) => {
    // The mbox "From " line is the reader's, not the message's.
    const bytes = Buffer.from(raw.slice(raw.indexOf('\n') + 1), 'latin1');
    const { record } = await normalizeMessage(bytes, {
      sourceId: 'bench',
      sourceFile: file,
      offset: 0,
      placement: { folder: null, labels: [] },
      defaultFolder: 'Inbox',
    });
    messages += 1;
    const passages = passagesToEmbed(chunkForEmbedding, {
      subject: record.subject,
      text: record.text,
      attachments: decodeAttachmentTexts(record.attachmentTextJson),
    });
    for (const passage of passages) {
      texts.push(passage.text);
      keys.add(passageKey(passage.text));
    }
  });
  const step = Math.max(1, Math.floor(texts.length / TIMED_PASSAGES));
  const sample = texts.filter((_, index) => index % step === 0).slice(0, TIMED_PASSAGES);
  return { messages, passages: texts.length, distinct: keys.size, sample, parseSeconds: (performance.now() - started) / 1000 };
}

async function timeModel(embedder: Embedder, sample: string[]): Promise<ModelRate> {
  await embedder.embed(sample.slice(0, WARM_UP_PASSAGES));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const vectors = await embedder.embed(sample);
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  if (vectors.length !== sample.length)
    throw new Error(`bench: ${embedder.id} returned ${vectors.length} vectors for ${sample.length} passages`);
  await embedder.close();
  return {
    embedderId: embedder.id,
    threads: embedder.threads ?? null,
    passagesPerSecond: sample.length / seconds,
    seconds,
    passagesPerCpuSecond: sample.length / ((cpu.user + cpu.system) / 1e6),
  };
}

const work = await mkdtemp(join(tmpdir(), 'lantern-embedders-'));
try {
  const passages = await readPassages(archive);
  console.error(`  embedders: ${passages.messages} messages, ${passages.passages} passages (${passages.distinct} distinct)`);
  const folder = join(work, 'all-MiniLM-L6-v2-shape');
  // all-MiniLM-L6-v2's own vocabulary when the shared folder has it: then the passages cut into as many tokens as
  // the real model's, which with the shape is what sets the time.
  const hasRealVocabulary = realVocabulary !== undefined && existsSync(realVocabulary);
  const vocabulary = hasRealVocabulary
    ? (await readFile(realVocabulary, 'utf8')).split('\n').slice(0, MINILM_SHAPE.vocabularySize)
    : undefined;
  // Quantized as the model_quantized.onnx a person downloads is (the app loads that file).
  const modelBytes = await writeBertModelFolder(folder, MINILM_SHAPE, { vocabulary, quantized: true });
  const loadAverageBefore = loadavg()[0]!;
  const builtIn = await timeModel(await createUniversalSentenceEncoder(), passages.sample);
  console.error(`  embedders: built-in ${builtIn.passagesPerSecond.toFixed(1)} passages/s`);
  const miniLm = await timeModel(await createTransformersEmbedder(folder), passages.sample);
  console.error(`  embedders: MiniLM-shaped ${miniLm.passagesPerSecond.toFixed(1)} passages/s`);
  // The same model cutting passages at 256 tokens, all-MiniLM-L6-v2's own max_seq_length in sentence-transformers.
  await writeFile(join(folder, 'sentence_bert_config.json'), JSON.stringify({ max_seq_length: 256, do_lower_case: false }));
  const miniLm256 = await timeModel(await createTransformersEmbedder(folder), passages.sample);
  console.error(`  embedders: MiniLM-shaped at 256 tokens ${miniLm256.passagesPerSecond.toFixed(1)} passages/s`);
  // Rerank mode reads the top RERANK_DEPTH candidates' passages with the query through a cross-encoder.
  const rerankerFolder = join(work, 'ms-marco-MiniLM-L-6-v2-shape');
  await writeBertModelFolder(rerankerFolder, MINILM_SHAPE, { classifier: true, quantized: true, vocabulary });
  const crossEncoder = await loadCrossEncoder(rerankerFolder);
  const candidates = passages.sample.slice(0, RERANK_DEPTH).map((text) => text.slice(0, PASSAGE_CHARACTERS));
  await crossEncoder.score(RERANK_QUERY, candidates.slice(0, WARM_UP_PASSAGES));
  const rerankStarted = performance.now();
  const rerankCpuBefore = process.cpuUsage();
  await crossEncoder.score(RERANK_QUERY, candidates);
  const rerankCpu = process.cpuUsage(rerankCpuBefore);
  const rerank = {
    candidates: candidates.length,
    seconds: (performance.now() - rerankStarted) / 1000,
    cpuSeconds: (rerankCpu.user + rerankCpu.system) / 1e6,
  };
  await crossEncoder.close();
  console.error(`  embedders: cross-encoder reranks ${rerank.candidates} in ${rerank.seconds.toFixed(1)} s`);
  const { AutoTokenizer, env } = await import('@huggingface/transformers');
  env.localModelPath = `${work}/`;
  const tokenizer = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2-shape', { local_files_only: true });
  const tokens = passages.sample.map((text) => Math.min(512, (tokenizer.encode(text) as number[]).length));
  process.stdout.write(
    JSON.stringify({
      cores: availableParallelism(),
      loadAverageBefore,
      loadAverageAfter: loadavg()[0]!,
      messages: passages.messages,
      passages: passages.passages,
      distinctPassages: passages.distinct,
      parseSeconds: passages.parseSeconds,
      timedPassages: passages.sample.length,
      meanTokens: tokens.reduce((sum, count) => sum + count, 0) / tokens.length,
      vocabulary: hasRealVocabulary ? 'all-MiniLM-L6-v2 vocab.txt' : 'generated',
      modelBytes,
      builtIn,
      miniLm,
      miniLm256,
      rerank,
    }),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
