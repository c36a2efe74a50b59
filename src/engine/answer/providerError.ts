// The one error every answer provider throws, so the UI can say "Ollama is not running" rather than "fetch failed".
import { LanternError } from '../../shared/contract/errors';

export type ProviderFailure = 'connection' | 'http' | 'timeout' | 'bad-response' | 'cancelled' | 'model';

export class AnswerProviderError extends LanternError {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(failure === 'cancelled' ? 'cancelled' : 'internal', message);
    this.name = 'AnswerProviderError';
  }
}

export function cancelledError(provider: string): AnswerProviderError {
  return new AnswerProviderError('cancelled', `${provider}: the answer was cancelled`);
}
