// Questions answered from the mail: the request, the cited answer, and who wrote it.

/** Which engine wrote an answer: the offline sentence picker, or a language model reached one of three ways. */
export type ProviderName = 'extractive' | 'ollama' | 'openai' | 'local';

/** An earlier turn of the same conversation, for follow-up questions. */
export interface AnswerTurn {
  question: string;
  answer: string;
  /** Stored ids of the messages that answer cited: a follow-up ("what did we talk about?") starts from them. */
  citedIds?: string[];
}

export interface AskRequest {
  question: string;
  /** Tags the 'answer-token' events of this answer. */
  requestId: string;
  history?: AnswerTurn[];
  /** The configured provider when absent. */
  provider?: ProviderName;
}

/** One source an answer rests on, with the sentence that supports it. */
export interface AnswerCitation {
  n: number;
  /** The stored message id. */
  id: string;
  subject: string;
  from: { name: string; address: string };
  date: string;
  quote: string;
  /** Where in the quote the answer itself stands (the name, date, place or amount asked for), as character offsets. */
  span?: { start: number; end: number };
}

export interface Answer {
  /** Plain text with `[n]` markers that refer to `citations`. */
  answer: string;
  citations: AnswerCitation[];
  provider: ProviderName;
  /** True when the sources did not support an answer and the provider said so instead of guessing. */
  refused: boolean;
  /** True when the answer was stopped while it was written: the text is what the model had written until then. */
  stopped?: boolean;
  tookMs: number;
}
