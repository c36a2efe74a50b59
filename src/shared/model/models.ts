// The model manager's contract: catalogue entries, installed models, download progress and outcomes.

/** What a model does: embeds passages for meaning search, reorders search hits, or writes answers. */
export type ModelRole = 'embedder' | 'reranker' | 'answer';

/** One file of a model, by its path in the repository. */
export interface ModelFile {
  path: string;
  /** Size in bytes; when `isSizeExact` is false, a rounded figure from the model card (the hub's listing gives the exact one). */
  bytes: number;
  isSizeExact: boolean;
  /**
   * SHA-256 of the file (hex), or null when the catalogue could not learn it: the manager then takes the hub's
   * published digest (its tree listing) before downloading and refuses a file that does not match.
   */
  sha256: string | null;
}

/** Where a figure in the catalogue comes from, so a reader can check it. */
export interface QualityFigure {
  /** "MTEB retrieval (15 English sets), average nDCG@10: 41.95". */
  figure: string;
  /** The model card or leaderboard it was read from. */
  source: string;
}

/** One model the manager can fetch, or one built into the app (no files, nothing to fetch). */
export interface CatalogueModel {
  /** The name used in the CLI and the API: "all-minilm-l6-v2". */
  name: string;
  /** Its usual name: "all-MiniLM-L6-v2". */
  title: string;
  role: ModelRole;
  /** Built into the app: nothing to download, always installed. */
  isBuiltIn: boolean;
  /** The hub repository ("Xenova/all-MiniLM-L6-v2"); empty for built-in models. */
  repository: string;
  /** A commit hash where known, else a branch name; `revisionNote` says which. */
  revision: string;
  revisionNote?: string;
  files: ModelFile[];
  /** Bytes to download: the files' sum, rounded when a file's size is not exact. */
  downloadBytes: number;
  isDownloadSizeExact: boolean;
  /** Disk used once installed (the files themselves; nothing is unpacked). */
  diskBytes: number;
  /** Memory used while loaded, roughly. */
  memoryBytes: number;
  /** "English", "about 100 languages". */
  languages: string;
  licence: string;
  quality: QualityFigure;
  /** One sentence: what a person gains by using it. */
  gives: string;
  /**
   * An embedder's own passage length in tokens, from its sentence-transformers card, where the ONNX repository does not
   * carry sentence_bert_config.json: written beside the files at install, so passages are cut where the model was trained.
   */
  maxSequenceLength?: number;
}

/** Where a catalogue model stands on this machine; 'paused' means bytes are kept and the next download resumes them. */
export type ModelState = 'available' | 'downloading' | 'paused' | 'installed';

/** A catalogue model with what this data folder holds of it. */
export interface ModelListEntry extends CatalogueModel {
  state: ModelState;
  /** Whether settings name this model for its role now. */
  isInUse: boolean;
  /** The installed folder (or .gguf file), when installed. */
  path: string | null;
  /** Bytes already on disk: the installed size, or what a paused or cut download kept. */
  bytesOnDisk: number;
}

/** Files the person pointed at (`useModelFiles`), in use for a role without a catalogue entry. */
export interface ModelFilesInUse {
  role: ModelRole;
  path: string;
}

/** What `listModels` answers: every catalogue model, what is in use, and where downloads come from. */
export interface ModelListing {
  models: ModelListEntry[];
  /** Files in use that the catalogue does not name (a folder or .gguf the person chose). */
  filesInUse: ModelFilesInUse[];
  /** The data folder's `models/` folder, where downloads go. */
  modelsFolder: string;
  /** Free bytes on its disk, or null when the system does not say. */
  freeBytes: number | null;
  /** The base URL downloads come from: the mirror in settings or LANTERN_MODEL_MIRROR, else https://huggingface.co. */
  source: string;
}

export type ModelDownloadPhase = 'starting' | 'downloading' | 'verifying' | 'installed' | 'paused' | 'cancelled' | 'failed';

/** A 'model-download' event: how a download the person started is going. */
export interface ModelDownloadProgress {
  name: string;
  phase: ModelDownloadPhase;
  /** The file being fetched now (its repository path), or null between files. */
  file: string | null;
  bytesDone: number;
  /** 0 while the total is not known yet. */
  bytesTotal: number;
  bytesPerSecond: number;
  etaSeconds: number | null;
  /** The host the bytes come from, as the person should see it ("huggingface.co", a CDN host it redirects to, a mirror). */
  host: string;
  /** With 'failed': the one-sentence reason. */
  message?: string;
}

/** How `downloadModel` ended; a failure is thrown as an error whose message says why in one sentence. */
export interface ModelDownloadOutcome {
  name: string;
  phase: 'installed' | 'paused' | 'cancelled';
  /** Bytes kept on disk for resuming (paused) or installed. */
  bytesOnDisk: number;
}

/** Options of one download. */
export interface ModelDownloadOptions {
  /** A base URL laid out like the hub (`{base}/{repository}/resolve/{revision}/{file}`), for this download only. */
  mirror?: string;
}
