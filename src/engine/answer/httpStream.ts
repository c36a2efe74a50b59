// POSTs JSON to a model server and yields its streamed reply line by line, with one idle timeout, cancellation and
// errors that say what went wrong and what to do. Secrets in headers never reach an error message.
import { AnswerProviderError, cancelledError } from './providerError';
import { errorMessage } from '../../shared/errorMessage';

export interface StreamRequest {
  /** Names the provider in error messages: "ollama", "openai". */
  provider: string;
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  /** The longest wait for the reply to start or for its next piece; a model still loading counts as waiting. */
  timeoutMs: number;
  /** Pulls a readable message out of an error body; each protocol nests it differently. */
  describeError?: (body: string) => string | undefined;
  /** What to try when nothing listens at the address, e.g. "start Ollama with `ollama serve`". */
  connectionHint: string;
}

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export async function* postStreamingLines(request: StreamRequest): AsyncGenerator<string> {
  const { provider, url, signal, timeoutMs } = request;
  const isCancelled = (): boolean => signal?.aborted === true;
  if (isCancelled()) throw cancelledError(provider);
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const armTimer = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onCancel = (): void => controller.abort();
  signal?.addEventListener('abort', onCancel, { once: true });
  const translate = (error: unknown): Error => {
    if (error instanceof AnswerProviderError) return error;
    if (isCancelled()) return cancelledError(provider);
    if (timedOut) {
      return new AnswerProviderError(
        'timeout',
        `${provider}: ${url} sent nothing for ${seconds(timeoutMs)}; the model may still be loading: try again or raise the timeout in settings`,
      );
    }
    const code = errorCode(error);
    if (code === 'ECONNREFUSED') {
      return new AnswerProviderError(
        'connection',
        `${provider}: nothing is listening at ${url} (connection refused); ${request.connectionHint}`,
      );
    }
    const reason = code ?? errorMessage(error);
    return new AnswerProviderError('connection', `${provider}: could not reach ${url} (${reason}); ${request.connectionHint}`);
  };

  armTimer();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/x-ndjson, text/event-stream', ...request.headers },
        body: JSON.stringify(request.body),
        signal: controller.signal,
      });
    } catch (error) {
      throw translate(error);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const detail = request.describeError?.(text) ?? text.slice(0, 300).trim();
      throw new AnswerProviderError(
        'http',
        `${provider}: ${url} answered HTTP ${response.status} ${response.statusText}${detail === '' ? '' : `: ${detail}`}`,
      );
    }
    if (response.body === null) throw new AnswerProviderError('bad-response', `${provider}: ${url} sent an empty reply`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for (;;) {
        armTimer();
        const { done, value } = await reader.read().catch((error: unknown) => {
          throw translate(error);
        });
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          // Lines already received when the person cancelled are dropped: no token may arrive after a cancel.
          if (isCancelled()) throw cancelledError(provider);
          yield line.replace(/\r$/, '');
        }
      }
      pending += decoder.decode();
      if (pending.trim() !== '') yield pending.replace(/\r$/, '');
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCancel);
  }
}

/** Parses one streamed JSON line, or says which server sent something else. */
export function parseJsonLine(provider: string, line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new AnswerProviderError('bad-response', `${provider}: the server sent a line that is not JSON: ${line.slice(0, 120)}`);
  }
}
