// The answer engine's contract: numbered mail passages in, a cited answer out, from any provider.

/** Which engine wrote an answer: the offline sentence picker, or a language model reached one of three ways. */
export type ProviderName = 'extractive' | 'ollama' | 'openai' | 'local';

/** One numbered piece of evidence: a chunk of one stored message, as retrieved for the question. */
export interface Passage {
  /** The number the answer cites as `[n]`; unique within one question. */
  n: number;
  /** Our stored message id, so a citation opens the message. */
  messageId: string;
  subject: string;
  from: { name: string; address: string };
  /** ISO 8601. */
  date: string;
  /** The passage text: a chunk of the mail. */
  text: string;
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
}

export interface Answer {
  /** Plain text with `[n]` markers that refer to `citations`. */
  answer: string;
  citations: AnswerCitation[];
  provider: ProviderName;
  /** True when the sources did not support an answer and the provider said so instead of guessing. */
  refused: boolean;
  tookMs: number;
}

/** An earlier turn of the same conversation, for follow-up questions. */
export interface AnswerTurn {
  question: string;
  answer: string;
}

export interface AnswerOptions {
  signal?: AbortSignal;
  /** Called with each piece of text as it is generated; the final Answer still carries the whole text. */
  onToken?: (text: string) => void;
  history?: AnswerTurn[];
}

export interface AnswerProvider {
  readonly name: ProviderName;
  /** True when the question and the mail passages leave this machine. */
  readonly isRemote: boolean;
  answer(question: string, passages: Passage[], options?: AnswerOptions): Promise<Answer>;
}

/** One chat message as sent to a language model. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Streams a model's reply to chat messages; the piece each provider implements differently. */
export interface ChatOptions {
  signal?: AbortSignal;
  onToken?: (text: string) => void;
}

export type ChatGenerator = (messages: ChatMessage[], options: ChatOptions) => Promise<string>;

/** What every provider says when the mail does not support an answer; the UI and tests match on it. */
export const REFUSAL_SENTENCE = 'I could not find this in your mail.';
