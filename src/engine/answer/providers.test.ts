// The settings-to-provider factory: each kind builds its provider, and a local model is freed on close.
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sharedDir } from '../../../test/corpus';
import { createAnswerProvider } from './providers';

describe('createAnswerProvider', () => {
  test('builds each kind with its name and whether mail leaves the machine', async () => {
    const cases = [
      createAnswerProvider({ kind: 'extractive' }),
      createAnswerProvider({ kind: 'ollama', model: 'llama3.2' }),
      createAnswerProvider({ kind: 'openai', baseUrl: 'https://api.example.com/v1', model: 'gpt', apiKey: 'k' }),
      createAnswerProvider({
        kind: 'local',
        modelPath: resolve(sharedDir, 'models/tinyllamas/stories260K.gguf'),
        threads: 1,
        maxTokens: 8,
      }),
    ];
    expect(cases.map(({ provider }) => [provider.name, provider.isRemote])).toEqual([
      ['extractive', false],
      ['ollama', false],
      ['openai', true],
      ['local', false],
    ]);
    const local = cases[3]!;
    const answer = await local.provider.answer('Who?', [
      {
        n: 1,
        messageId: 'm1',
        subject: 'Hi',
        from: { name: 'A', address: 'a@example.com' },
        date: '2020-01-01T00:00:00.000Z',
        text: 'Tom had a ball.',
      },
    ]);
    expect(answer.provider).toBe('local');
    await Promise.all(cases.map((handle) => handle.close()));
  });
});
