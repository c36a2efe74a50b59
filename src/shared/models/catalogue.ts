// The model catalogue: every model the manager can fetch or that is built in, with its cost, its gain and where each figure comes from.
import type { CatalogueModel, ModelFile, ModelRole } from '../model/models';

const MB = 1_000_000;

/** A file's size and digest as a public record pins them; a bare number is a rounded size with no digest. */
type KnownFile = number | { bytes: number; sha256: string };

/** The files a sentence-transformers ONNX folder needs (Xenova's layout, quantized weights for CPUs). */
function onnxFolderFiles(files: { config: KnownFile; tokenizer: KnownFile; tokenizerConfig: KnownFile; model: KnownFile }): ModelFile[] {
  const file = (path: string, known: KnownFile): ModelFile =>
    typeof known === 'number'
      ? { path, bytes: known, isSizeExact: false, sha256: null }
      : { path, bytes: known.bytes, isSizeExact: true, sha256: known.sha256 };
  return [
    file('config.json', files.config),
    file('tokenizer.json', files.tokenizer),
    file('tokenizer_config.json', files.tokenizerConfig),
    file('onnx/model_quantized.onnx', files.model),
  ];
}

type EntryFields = Omit<CatalogueModel, 'downloadBytes' | 'isDownloadSizeExact' | 'diskBytes' | 'isBuiltIn'>;

function downloadable(fields: EntryFields): CatalogueModel {
  const downloadBytes = fields.files.reduce((sum, file) => sum + file.bytes, 0);
  return {
    ...fields,
    isBuiltIn: false,
    downloadBytes,
    isDownloadSizeExact: fields.files.every((file) => file.isSizeExact),
    diskBytes: downloadBytes,
  };
}

function builtIn(fields: Omit<EntryFields, 'repository' | 'revision' | 'files'>): CatalogueModel {
  return { ...fields, isBuiltIn: true, repository: '', revision: '', files: [], downloadBytes: 0, isDownloadSizeExact: true, diskBytes: 0 };
}

const UNPINNED = 'main: no commit hash could be read on the machine that wrote this catalogue (the hub was unreachable)';

/** Every model, built-in ones first within each role. */
export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  builtIn({
    name: 'universal-sentence-encoder',
    title: 'Universal Sentence Encoder (built in)',
    role: 'embedder',
    memoryBytes: 200 * MB,
    languages: 'English',
    licence: 'Apache-2.0',
    quality: {
      figure: 'Meaning search recall below keyword search recall',
      source: "Lantern's search eval (npm run eval), as issue 23 reports it",
    },
    gives: 'Meaning search with nothing to download; English only, and about 13 passages a second on two cores.',
  }),
  downloadable({
    name: 'all-minilm-l6-v2',
    maxSequenceLength: 256,
    title: 'all-MiniLM-L6-v2',
    role: 'embedder',
    repository: 'Xenova/all-MiniLM-L6-v2',
    revision: '751bff37182d3f1213fa05d7196b954e230abad9',
    revisionNote:
      "commit and the weights' SHA-256 as pinned by public projects that download them (the weights' digest and size agree in several); " +
      "the small files' digests are those of the copies in the project's test data, which match the tokenizer digests pinned with this commit; not re-read from the hub here",
    files: onnxFolderFiles({
      config: { bytes: 650, sha256: '7135149f7cffa1a573466c6e4d8423ed73b62fd2332c575bf738a0d033f70df7' },
      tokenizer: { bytes: 711_661, sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0' },
      tokenizerConfig: { bytes: 366, sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3' },
      model: { bytes: 22_972_370, sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1' },
    }),
    memoryBytes: 150 * MB,
    languages: 'English',
    licence: 'Apache-2.0',
    quality: {
      figure: 'Semantic search, average of 6 data sets: 49.54',
      source: 'sbert.net, Pretrained Models table (sentence-transformers/all-MiniLM-L6-v2)',
    },
    gives: 'Fast English meaning search: a small model (6 layers, 384 dimensions) that runs many times faster than the built-in one.',
  }),
  downloadable({
    name: 'bge-small-en-v1.5',
    maxSequenceLength: 512,
    title: 'bge-small-en-v1.5',
    role: 'embedder',
    repository: 'Xenova/bge-small-en-v1.5',
    revision: 'ea104dacec62c0de699686887e3f920caeb4f3e3',
    revisionNote:
      'the commit many public projects pin; no digest of the quantized weights was found, so every file is checked against ' +
      'the digests the hub lists at this commit; sizes rounded (the weights: 34 MB, from a project that pins this commit)',
    files: onnxFolderFiles({ config: 700, tokenizer: 712_000, tokenizerConfig: 1_300, model: 34 * MB }),
    memoryBytes: 200 * MB,
    languages: 'English',
    licence: 'MIT',
    quality: {
      figure: 'MTEB retrieval, average of 15 data sets: 51.68 nDCG@10',
      source: 'BAAI/bge-small-en-v1.5 model card, MTEB table',
    },
    gives: 'Better English meaning search than all-MiniLM-L6-v2 at about the same speed (12 layers, 384 dimensions).',
  }),
  downloadable({
    name: 'multilingual-e5-small',
    maxSequenceLength: 512,
    title: 'multilingual-e5-small',
    role: 'embedder',
    repository: 'Xenova/multilingual-e5-small',
    revision: '761b726dd34fb83930e26aab4e9ac3899aa1fa78',
    revisionNote:
      'commit, sizes and SHA-256 of the weights and tokenizer as pinned together by public projects that download them; ' +
      'the two small files are checked against the digests the hub lists at this commit; not re-read from the hub here',
    files: onnxFolderFiles({
      config: 700,
      tokenizer: { bytes: 17_082_730, sha256: '0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39' },
      tokenizerConfig: 400,
      model: { bytes: 118_308_185, sha256: 'f80102d3f2a1229f387d3c81909990d8945513e347b0eab049f7de3c6f98c193' },
    }),
    memoryBytes: 450 * MB,
    languages: 'about 100 languages',
    licence: 'MIT',
    quality: {
      figure: 'Mr. TyDi retrieval (11 languages), average MRR@10: 64.4',
      source: 'intfloat/multilingual-e5-small model card',
    },
    gives: 'Meaning search in mail written in about 100 languages, where the built-in model understands only English.',
  }),
  builtIn({
    name: 'feature-reranker',
    title: 'Feature reranker (built in)',
    role: 'reranker',
    memoryBytes: 0,
    languages: 'any',
    licence: 'part of Lantern',
    quality: {
      figure: 'No published figure: it reorders by word overlap, phrase and recency features',
      source: 'src/engine/search/rerankFeatures.ts',
    },
    gives: 'Rerank mode with no model: hits are reordered by how many query words they hold, and how close together.',
  }),
  downloadable({
    name: 'ms-marco-minilm-l6-v2',
    title: 'ms-marco-MiniLM-L-6-v2 (cross-encoder)',
    role: 'reranker',
    repository: 'Xenova/ms-marco-MiniLM-L-6-v2',
    revision: 'a09144355adeed5f58c8ed011d209bf8ee5a1fec',
    revisionNote:
      "commit and the weights' size and SHA-256 as pinned together by a public project that downloads them; " +
      'the small files are checked against the digests the hub lists at this commit; not re-read from the hub here',
    files: onnxFolderFiles({
      config: 800,
      tokenizer: 712_000,
      tokenizerConfig: 1_300,
      model: { bytes: 23_143_499, sha256: 'e9d8ebf845c413e981c175bfe49a3bfa9b3dcce2a3ba54875ee5df5a58639fbe' },
    }),
    memoryBytes: 150 * MB,
    languages: 'English',
    licence: 'Apache-2.0',
    quality: {
      figure: 'TREC DL 2019 nDCG@10: 74.30; MS MARCO dev MRR@10: 39.01',
      source: 'cross-encoder/ms-marco-MiniLM-L-6-v2 model card',
    },
    gives: 'Rerank mode reads each query with each of the top hits together, and puts the ones that answer it first.',
  }),
  builtIn({
    name: 'extractive',
    title: 'Extractive answers (built in)',
    role: 'answer',
    memoryBytes: 0,
    languages: 'any',
    licence: 'part of Lantern',
    quality: { figure: 'Answer eval: answer found in 79% of 57 questions', source: 'README, Asking questions (npm run eval)' },
    gives: 'Answers quoted from the mail itself, with no model: it never writes a sentence the mail does not hold.',
  }),
  downloadable({
    name: 'qwen2.5-1.5b-instruct',
    title: 'Qwen2.5-1.5B-Instruct (Q4_K_M)',
    role: 'answer',
    repository: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    revision: '91cad51170dc346986eccefdc2dd33a9da36ead9',
    revisionNote: 'commit, size and SHA-256 as pinned by a public script that downloads this file; not re-read from the hub here',
    files: [
      {
        path: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
        bytes: 1_117_320_736,
        isSizeExact: true,
        sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
      },
    ],
    memoryBytes: 1_800 * MB,
    languages: 'about 30 languages, English and Chinese best',
    licence: 'Apache-2.0',
    quality: {
      figure: 'MMLU-redux: 50.7; GSM8K: 73.2 (instruct model, before 4-bit quantization)',
      source: 'Qwen2.5 technical report and blog, instruct models table',
    },
    gives: 'Written answers and hyde search: it reads the passages found and answers in its own words, with citations.',
  }),
  downloadable({
    name: 'llama-3.2-1b-instruct',
    title: 'Llama-3.2-1B-Instruct (Q4_K_M)',
    role: 'answer',
    repository: 'bartowski/Llama-3.2-1B-Instruct-GGUF',
    revision: 'main',
    revisionNote: `${UNPINNED}; size and SHA-256 from a published benchmark report that checksummed this file`,
    files: [
      {
        path: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
        bytes: 807_694_464,
        isSizeExact: true,
        sha256: '6f85a640a97cf2bf5b8e764087b1e83da0fdb51d7c9fab7d0fece9385611df83',
      },
    ],
    memoryBytes: 1_400 * MB,
    languages: 'English, German, French, Italian, Portuguese, Hindi, Spanish, Thai',
    licence: 'Llama 3.2 Community License',
    quality: {
      figure: 'MMLU (5-shot): 49.3 (instruct model, before 4-bit quantization)',
      source: 'meta-llama/Llama-3.2-1B-Instruct model card, instruction-tuned benchmarks',
    },
    gives: 'Written answers on less memory than Qwen2.5-1.5B; weaker at arithmetic.',
  }),
  downloadable({
    name: 'stories260k',
    title: 'stories260K (toy model)',
    role: 'answer',
    repository: 'ggml-org/models',
    revision: 'main',
    revisionNote: `${UNPINNED}; the SHA-256 is that of the copy in the project's test data`,
    files: [
      {
        path: 'tinyllamas/stories260K.gguf',
        bytes: 1_185_376,
        isSizeExact: true,
        sha256: '270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d',
      },
    ],
    memoryBytes: 20 * MB,
    languages: 'English (children’s stories)',
    licence: 'MIT',
    quality: { figure: 'None: 260 thousand parameters trained on children’s stories', source: 'karpathy/llama2.c, TinyStories' },
    gives: 'Nothing for answers: a 1 MB download to try the manager and the local answer plumbing.',
  }),
];

export function findCatalogueModel(name: string, catalogue: readonly CatalogueModel[] = MODEL_CATALOGUE): CatalogueModel | undefined {
  return catalogue.find((model) => model.name === name);
}

/** The built-in model of a role: what the role goes back to when its model is removed. */
export function builtInModel(role: ModelRole, catalogue: readonly CatalogueModel[] = MODEL_CATALOGUE): CatalogueModel | undefined {
  return catalogue.find((model) => model.role === role && model.isBuiltIn);
}
