// Turns the saved answer-provider choice into the engine's provider options; the API key only ever comes from the environment.
import type { AnswerProviderChoice } from '../../shared/model/settings';
import type { AnswerProviderSettings } from '../answer/providers';

export function providerSettings(choice: AnswerProviderChoice): AnswerProviderSettings {
  if (choice.kind === 'openai') return { ...choice, apiKey: process.env.LANTERN_API_KEY || undefined };
  return choice;
}
