// Names who is writing an answer: the offline sentence picker, or which model and where, from the settings.
import type { ProviderName } from '../../../../shared/model/answer';
import type { AnswerProviderChoice } from '../../../../shared/model/settings';
import { assertNever } from '../../../../shared/assertNever';
import { baseName } from '../../ui/format';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The settings' provider in a few words: "Extractive (offline)", "Ollama · llama3.2:3b", "Local model · phi.gguf". */
export function providerLabel(choice: AnswerProviderChoice): string {
  switch (choice.kind) {
    case 'extractive':
      return 'Extractive (offline)';
    case 'ollama':
      return `Ollama · ${choice.model}`;
    case 'openai':
      return `${choice.model} · ${hostOf(choice.baseUrl)}`;
    case 'local':
      return `Local model · ${baseName(choice.modelPath)}`;
    default:
      return assertNever(choice, 'answer provider');
  }
}

const BARE_NAMES: Record<ProviderName, string> = {
  extractive: 'Extractive (offline)',
  ollama: 'Ollama',
  openai: 'OpenAI-compatible model',
  local: 'Local model',
};

/**
 * The label for an answer: the settings' words when they name the provider that answered, else its bare name
 * (settings can change between the question and the answer).
 */
export function answeredByLabel(provider: ProviderName, settingsChoice: AnswerProviderChoice | null): string {
  return settingsChoice?.kind === provider ? providerLabel(settingsChoice) : BARE_NAMES[provider];
}
