// Answers through any OpenAI-compatible server (OpenAI, llama.cpp server, LM Studio, vLLM): POST
// {baseUrl}/chat/completions with stream: true, reading server-sent events until "data: [DONE]".
import { isLoopbackUrl } from '../../shared/loopbackUrl';
import { parseJsonLine, postStreamingLines } from './httpStream';
import { answerWithModel } from './modelAnswer';
import { AnswerProviderError } from './providerError';
import type { AnswerProvider, ChatGenerator, ChatMessage, ChatOptions } from './types';

export interface OpenAiCompatibleOptions {
  /** Up to and including the version, e.g. "https://api.openai.com/v1" or "http://127.0.0.1:8080/v1". */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; never logged or put in an error message. */
  apiKey?: string;
  timeoutMs?: number;
  maxTokens?: number;
  temperature?: number;
}

interface CompletionChunk {
  choices?: { delta?: { content?: unknown } }[];
  error?: { message?: unknown } | string;
}

function errorMessage(error: CompletionChunk['error']): string | undefined {
  if (typeof error === 'string') return error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

function describeOpenAiError(body: string): string | undefined {
  try {
    return errorMessage((JSON.parse(body) as CompletionChunk).error);
  } catch {
    return undefined;
  }
}

export function createOpenAiCompatibleChat(options: OpenAiCompatibleOptions): ChatGenerator {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return async (messages: ChatMessage[], chat: ChatOptions): Promise<string> => {
    const lines = postStreamingLines({
      provider: 'openai',
      url: `${baseUrl}/chat/completions`,
      headers: options.apiKey === undefined || options.apiKey === '' ? {} : { authorization: `Bearer ${options.apiKey}` },
      body: {
        model: options.model,
        messages,
        stream: true,
        max_tokens: options.maxTokens ?? 512,
        temperature: options.temperature ?? 0.1,
      },
      signal: chat.signal,
      timeoutMs: options.timeoutMs ?? 120_000,
      describeError: describeOpenAiError,
      connectionHint: 'check the server address in settings and that the server is running',
    });
    let text = '';
    for await (const line of lines) {
      // Server-sent events: only "data:" lines carry the reply; comments and event names are skipped.
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') break;
      if (data === '') continue;
      const chunk = parseJsonLine('openai', data) as CompletionChunk;
      const failure = errorMessage(chunk.error);
      if (failure !== undefined) throw new AnswerProviderError('model', `openai: ${failure}`);
      const content = chunk.choices?.[0]?.delta?.content;
      if (typeof content === 'string' && content !== '') {
        text += content;
        chat.onToken?.(content);
      }
    }
    return text;
  };
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AnswerProvider {
  const generate = createOpenAiCompatibleChat(options);
  return {
    name: 'openai',
    isRemote: !isLoopbackUrl(options.baseUrl),
    answer: (question, passages, answerOptions) => answerWithModel('openai', generate, question, passages, answerOptions),
  };
}
