// The providers an engine answers with: the configured one (created on first use) and the always-available extractive one.
import { LanternError } from '../../shared/contract/errors';
import type { ProviderName } from '../../shared/model/answer';
import { createAnswerProvider, type AnswerProviderHandle, type AnswerProviderSettings } from './providers';
import type { AnswerProvider, ChatGenerator } from './types';

export class AnswerProviders {
  private configured: AnswerProviderHandle | null = null;
  private extractive: AnswerProviderHandle | null = null;

  constructor(private readonly settings: AnswerProviderSettings) {}

  /** The configured provider's language model, or null when answers are extractive (no model to write with). */
  chat(): ChatGenerator | null {
    this.configured ??= createAnswerProvider(this.settings);
    return this.configured.chat;
  }

  /** The provider for a request: the configured one, or the extractive one when asked by name. */
  get(name: ProviderName | undefined): AnswerProvider {
    if (name === undefined || name === this.settings.kind) {
      this.configured ??= createAnswerProvider(this.settings);
      return this.configured.provider;
    }
    if (name === 'extractive') {
      this.extractive ??= createAnswerProvider({ kind: 'extractive' });
      return this.extractive.provider;
    }
    throw new LanternError(
      'bad-request',
      `ask: the ${name} provider is not configured; choose it in Settings (or pass its options to lantern ask)`,
    );
  }

  async close(): Promise<void> {
    await this.configured?.close();
    await this.extractive?.close();
  }
}
