// The answer engine's contract: numbered mail passages in, a cited answer out, from any provider.
import type { Answer, AnswerCitation, AnswerTurn, ProviderName } from '../../shared/model/answer';

export type { Answer, AnswerCitation, AnswerTurn, ProviderName };

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
  /** What the mail quotes (the mail it replies to): what it is about, never what it says; extractive use only. */
  quoted?: string;
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
