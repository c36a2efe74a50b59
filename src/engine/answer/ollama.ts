// Answers through an Ollama server: POST /api/chat with stream: true, reading its newline-delimited JSON reply.
import { isLoopbackUrl } from '../../shared/loopbackUrl';
import { parseJsonLine, postStreamingLines } from './httpStream';
import { answerWithModel } from './modelAnswer';
import { AnswerProviderError } from './providerError';
import type { AnswerProvider, ChatGenerator, ChatMessage, ChatOptions } from './types';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

export interface OllamaOptions {
  /** An installed model, e.g. "llama3.2:3b". */
  model: string;
  baseUrl?: string;
  /** The longest wait for the first or next piece of the reply; loading a model from disk can take a while. */
  timeoutMs?: number;
  maxTokens?: number;
  temperature?: number;
}

interface OllamaChunk {
  message?: { content?: unknown };
  done?: unknown;
  error?: unknown;
}

function describeOllamaError(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

export function createOllamaChat(options: OllamaOptions): ChatGenerator {
  const baseUrl = (options.baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, '');
  return async (messages: ChatMessage[], chat: ChatOptions): Promise<string> => {
    const lines = postStreamingLines({
      provider: 'ollama',
      url: `${baseUrl}/api/chat`,
      body: {
        model: options.model,
        messages,
        stream: true,
        options: { temperature: options.temperature ?? 0.1, num_predict: options.maxTokens ?? 512 },
      },
      signal: chat.signal,
      timeoutMs: options.timeoutMs ?? 120_000,
      describeError: describeOllamaError,
      connectionHint: 'start Ollama (`ollama serve`) or change its address in settings',
    });
    let text = '';
    for await (const line of lines) {
      if (line.trim() === '') continue;
      const chunk = parseJsonLine('ollama', line) as OllamaChunk;
      if (typeof chunk.error === 'string') throw new AnswerProviderError('model', `ollama: ${chunk.error}`);
      const content = chunk.message?.content;
      if (typeof content === 'string' && content !== '') {
        text += content;
        chat.onToken?.(content);
      }
      if (chunk.done === true) break;
    }
    return text;
  };
}

export function createOllamaProvider(options: OllamaOptions): AnswerProvider {
  const generate = createOllamaChat(options);
  return {
    name: 'ollama',
    isRemote: !isLoopbackUrl(options.baseUrl ?? DEFAULT_OLLAMA_URL),
    answer: (question, passages, answerOptions) => answerWithModel('ollama', generate, question, passages, answerOptions),
  };
}
