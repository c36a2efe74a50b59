// The bench's section on local models: passages/s of the built-in encoder and of a MiniLM-shaped ONNX model on the
// same passages, and the time until meaning search covers an archive of 33k and of 100k messages.
import { round } from './measure';

/** One model's rates on the timed passages. */
export interface ModelRate {
  embedderId: string;
  /** onnxruntime's threads; null for the built-in encoder, which computes on one. */
  threads: number | null;
  passagesPerSecond: number;
  seconds: number;
  passagesPerCpuSecond: number;
}

/** What bench/lanternEmbedders.ts reports. */
export interface EmbeddersRun {
  cores: number;
  loadAverageBefore: number;
  loadAverageAfter: number;
  messages: number;
  passages: number;
  distinctPassages: number;
  parseSeconds: number;
  timedPassages: number;
  meanTokens: number;
  vocabulary: string;
  modelBytes: number;
  builtIn: ModelRate;
  miniLm: ModelRate;
  miniLm256: ModelRate;
  /** One rerank by a cross-encoder of ms-marco-MiniLM-L-6-v2's shape. */
  rerank: { candidates: number; seconds: number; cpuSeconds: number };
}

function duration(seconds: number): string {
  if (seconds < 90) return `${round(seconds, 0)} s`;
  if (seconds < 5400) return `${round(seconds / 60, 0)} min`;
  return `${round(seconds / 3600, 1)} h`;
}

/** Passages/s with the machine to itself: the CPU-time rate on each of the model's threads. */
function idleRate(rate: ModelRate): number {
  return rate.passagesPerCpuSecond * (rate.threads ?? 1);
}

/** The section's Markdown lines. */
export function embeddersLines(run: EmbeddersRun): string[] {
  const scale = 100_000 / run.messages;
  const rows: [string, number, number][] = [
    [`io-uring (${round(run.messages / 1000, 1)}k)`, run.passages, run.distinctPassages],
    // A 100k archive of mail as varied as this one: its passages and its share of repeats scaled up.
    ['100k, as varied as io-uring', run.passages * scale, run.distinctPassages * scale],
    // The full bench's 100k store repeats the archive (copies with new Message-IDs): every copy's passage is a repeat.
    ["100k, the bench's scaled copies", run.passages * scale, run.distinctPassages],
  ];
  const models: [string, ModelRate][] = [
    [`${run.builtIn.embedderId} (built-in)`, run.builtIn],
    ['all-MiniLM-L6-v2 shape, up to 512 tokens (what the app does with the Xenova files)', run.miniLm],
    ["all-MiniLM-L6-v2 shape, cut at 256 tokens (the model's own max_seq_length)", run.miniLm256],
  ];
  return [
    `Local models on ${run.cores} cores (load average ${round(run.loadAverageBefore)} before, ${round(run.loadAverageAfter)} after: other work shared the machine, so the CPU-time rate is the one to compare): the same ${run.timedPassages} real passages of the io-uring archive (spread over its whole span, ${round(run.meanTokens, 0)} tokens on average), embedded in one run by the built-in Universal Sentence Encoder (WASM, one thread) and by a random-weight ONNX model of all-MiniLM-L6-v2's exact shape (6 layers, 384 hidden, 12 heads, 1536 intermediate, 30,522 tokens; uint8 weights in every linear layer as in the model_quantized.onnx the app loads, ${round(run.modelBytes / 1e6, 0)} MB, built by test/onnxModels; ${run.vocabulary} as its tokenizer's vocabulary) on onnxruntime with ${run.miniLm.threads ?? '?'} thread(s) (the cores less one). The shape, not the values, sets the speed.`,
    '',
    '| model | passages/s (wall, this busy machine) | passages per CPU-second | vs built-in (CPU time) |',
    '|---|---|---|---|',
    ...models.map(
      ([label, rate]) =>
        `| ${label} | ${round(rate.passagesPerSecond)} | ${round(rate.passagesPerCpuSecond)} | ${round(rate.passagesPerCpuSecond / run.builtIn.passagesPerCpuSecond, 2)}× |`,
    ),
    '',
    `Rerank mode with a cross-encoder of ms-marco-MiniLM-L-6-v2's shape (the same BERT with its one-logit head, quantized, ${run.miniLm.threads ?? '?'} thread(s)): the top ${run.rerank.candidates} candidates' passages read with a question took ${round(run.rerank.seconds)} s here and ${round(run.rerank.cpuSeconds)} s of CPU time, so about ${round(run.rerank.cpuSeconds / (run.miniLm.threads ?? 1))} s on an idle machine.`,
    '',
    `Time until meaning search covers an archive (newest mail first, a passage identical to one already embedded reuses its vector). Extrapolated, not timed whole: the archive's passages were counted by reading all ${run.messages} messages as the import does (${round(run.parseSeconds, 0)} s), and divided by each model's rate with the machine to itself (its passages per CPU-second on each of its threads); the stage's own work (reading, storing, the index) comes on top. The bench's vector cache plays no part here.`,
    '',
    '| archive | passages | distinct passages | built-in, every passage | built-in, distinct only | MiniLM shape, distinct only | MiniLM shape at 256 tokens, distinct only |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      ([label, passages, distinct]) =>
        `| ${label} | ${round(passages, 0)} | ${round(distinct, 0)} | ${duration(passages / idleRate(run.builtIn))} | ${duration(distinct / idleRate(run.builtIn))} | ${duration(distinct / idleRate(run.miniLm))} | ${duration(distinct / idleRate(run.miniLm256))} |`,
    ),
  ];
}
