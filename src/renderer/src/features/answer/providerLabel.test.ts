import { describe, expect, test } from 'vitest';
import { answeredByLabel, providerLabel } from './providerLabel';

describe('providerLabel', () => {
  test('names each provider with its model and where it runs', () => {
    expect(providerLabel({ kind: 'extractive' })).toBe('Extractive (offline)');
    expect(providerLabel({ kind: 'ollama', model: 'llama3.2:3b' })).toBe('Ollama · llama3.2:3b');
    expect(providerLabel({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' })).toBe(
      'gpt-4o-mini · api.openai.com',
    );
    expect(providerLabel({ kind: 'local', modelPath: '/models/tinyllamas/stories260K.gguf' })).toBe('Local model · stories260K.gguf');
    expect(providerLabel({ kind: 'local', modelPath: 'C:\\models\\phi.gguf' })).toBe('Local model · phi.gguf');
  });

  test('a base URL that is not a URL is shown as typed', () => {
    expect(providerLabel({ kind: 'openai', model: 'm', baseUrl: 'not a url' })).toBe('m · not a url');
  });

  test('the answer names its provider; settings for another provider are not borrowed', () => {
    expect(answeredByLabel('ollama', { kind: 'ollama', model: 'qwen2.5' })).toBe('Ollama · qwen2.5');
    expect(answeredByLabel('extractive', { kind: 'ollama', model: 'qwen2.5' })).toBe('Extractive (offline)');
    expect(answeredByLabel('local', null)).toBe('Local model');
  });
});
