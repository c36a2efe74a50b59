// Answers with a .gguf model run in this process by node-llama-cpp, on the CPU with an explicit thread count: left
// to its default, generation on a small machine was orders of magnitude slower (bench/measured-reasons.md).
import { availableParallelism } from 'node:os';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { ChatHistoryItem, Llama, LlamaContext, LlamaContextSequence, LlamaModel } from 'node-llama-cpp';
import { answerWithModel } from './modelAnswer';
import { AnswerProviderError, cancelledError } from './providerError';
import type { AnswerProvider, ChatGenerator, ChatMessage, ChatOptions } from './types';
import { errorMessage } from '../../shared/errorMessage';

export interface LocalModelOptions {
  /** A .gguf file on this machine. */
  modelPath: string;
  /** CPU threads for generation; by default half the cores, at least 1 (1 on a 2-core machine). */
  threads?: number;
  /** The most tokens one answer may generate. */
  maxTokens?: number;
  /** Tokens of prompt plus answer; capped by what the model was trained for. */
  contextSize?: number;
  temperature?: number;
}

export interface LocalModel {
  generate: ChatGenerator;
  /** Loads the model now rather than on the first question, so the first answer does not wait for it. */
  load(): Promise<void>;
  close(): Promise<void>;
}

export function defaultThreads(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

let sharedLlama: Promise<Llama> | undefined;

/** node-llama-cpp, loaded with the first model: it adds memory to every process that merely imports it (bench/measured-reasons.md). */
function llamaModule(): Promise<typeof NodeLlamaCpp> {
  return import('node-llama-cpp');
}

/**
 * One llama.cpp runtime per process; prebuilt CPU binaries only, since nothing can be downloaded or built here.
 * maxThreads 0 makes each context use exactly the threads it asks for, so every model's count stays explicit.
 */
function llamaRuntime(): Promise<Llama> {
  sharedLlama ??= llamaModule().then(({ getLlama, LlamaLogLevel }) =>
    getLlama({ gpu: false, build: 'never', maxThreads: 0, logLevel: LlamaLogLevel.error, progressLogs: false }),
  );
  return sharedLlama;
}

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

/** node-llama-cpp's chat history from OpenAI-style messages: every turn before the last user message. */
function toHistory(messages: ChatMessage[]): { history: ChatHistoryItem[]; prompt: string } {
  const last = messages.at(-1);
  if (last === undefined || last.role !== 'user')
    throw new AnswerProviderError('model', 'local model: the conversation must end with a user message');
  const history: ChatHistoryItem[] = messages.slice(0, -1).map((message): ChatHistoryItem => {
    switch (message.role) {
      case 'system':
        return { type: 'system', text: message.content };
      case 'user':
        return { type: 'user', text: message.content };
      case 'assistant':
        return { type: 'model', response: [message.content] };
    }
  });
  return { history, prompt: last.content };
}

export function createLocalModel(options: LocalModelOptions): LocalModel {
  const threads = options.threads ?? defaultThreads();
  let loading: Promise<Loaded> | undefined;
  // One context sequence answers one question at a time; later questions wait their turn.
  let queue: Promise<unknown> = Promise.resolve();

  const load = (): Promise<Loaded> => {
    loading ??= (async () => {
      try {
        const llama = await llamaRuntime();
        const model = await llama.loadModel({ modelPath: options.modelPath, gpuLayers: 0 });
        const contextSize = Math.min(model.trainContextSize, options.contextSize ?? 8192);
        const context = await model.createContext({ threads, contextSize });
        return { model, context, sequence: context.getSequence() };
      } catch (error) {
        loading = undefined;
        const reason = errorMessage(error);
        throw new AnswerProviderError(
          'model',
          `local model: cannot load ${options.modelPath} (${reason}); choose another .gguf file in settings`,
        );
      }
    })();
    return loading;
  };

  const isCancelled = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

  const run = async (messages: ChatMessage[], chat: ChatOptions): Promise<string> => {
    if (isCancelled(chat.signal)) throw cancelledError('local model');
    const { sequence } = await load();
    const { history, prompt } = toHistory(messages);
    await sequence.clearHistory();
    const { LlamaChatSession } = await llamaModule();
    const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
    try {
      session.setChatHistory(history);
      return await session.prompt(prompt, {
        maxTokens: options.maxTokens ?? 512,
        temperature: options.temperature ?? 0.1,
        signal: chat.signal,
        onTextChunk: chat.onToken,
      });
    } catch (error) {
      if (isCancelled(chat.signal)) throw cancelledError('local model');
      if (error instanceof AnswerProviderError) throw error;
      throw new AnswerProviderError('model', `local model: generation failed (${errorMessage(error)})`);
    } finally {
      session.dispose();
    }
  };

  return {
    generate(messages, chat) {
      const result = queue.then(() => run(messages, chat));
      queue = result.catch(() => undefined);
      return result;
    },
    async load() {
      await load();
    },
    async close() {
      const loaded = await loading?.catch(() => undefined);
      loading = undefined;
      if (loaded === undefined) return;
      await loaded.context.dispose();
      await loaded.model.dispose();
    },
  };
}

export function createLocalModelProvider(model: LocalModel): AnswerProvider {
  return {
    name: 'local',
    isRemote: false,
    answer: (question, passages, answerOptions) => answerWithModel('local', model.generate, question, passages, answerOptions),
  };
}
