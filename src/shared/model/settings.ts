// The engine's settings: saved in the data folder, so the app, browser mode and the CLI share them.

/** How questions are answered. API keys are never part of settings: they come from LANTERN_API_KEY. */
export type AnswerProviderChoice =
  | { kind: 'extractive' }
  | { kind: 'ollama'; model: string; baseUrl?: string }
  | { kind: 'openai'; model: string; baseUrl: string }
  | { kind: 'local'; modelPath: string; threads?: number };

export interface Settings {
  /** IANA zone for dates in queries ("Europe/Budapest"); null follows the system. */
  timeZone: string | null;
  answerProvider: AnswerProviderChoice;
  /** A local sentence-transformers model folder for semantic search; null uses the built-in model. */
  modelFolder: string | null;
  /** A local cross-encoder folder for rerank mode (the model manager sets it); null uses the bundled or feature reranker. */
  rerankerFolder: string | null;
  /** A base URL laid out like the Hugging Face hub that models download from; null downloads from https://huggingface.co. */
  modelMirror: string | null;
  /** Opt-in: record queries and clicks in interactions.jsonl in the data folder, to improve ranking locally. */
  interactionLog: boolean;
  /** Snapshots kept after each import (0 turns automatic backups off), and where; null = beside the data folder. */
  backups: { keep: number; folder: string | null };
}

export const DEFAULT_SETTINGS: Settings = {
  timeZone: null,
  answerProvider: { kind: 'extractive' },
  modelFolder: null,
  rerankerFolder: null,
  modelMirror: null,
  interactionLog: false,
  backups: { keep: 0, folder: null },
};

/** What `updateSettings` takes: any of the fields; `backups` may name only one of its two. */
export type SettingsPatch = Partial<Omit<Settings, 'backups'>> & { backups?: Partial<Settings['backups']> };

/** One backup folder, as listed in settings. */
export interface BackupSummary {
  folder: string;
  createdAt: string;
  messages: number;
}
