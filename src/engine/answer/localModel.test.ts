// The local provider on a real (tiny) GGUF model through node-llama-cpp: tokens stream through the provider
// interface, cancelling stops generation, and a missing file says what to do. A story model, so plumbing, not quality.
import { resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sharedDir } from '../../../test/corpus';
import { createLocalModel, createLocalModelProvider, defaultThreads } from './localModel';
import type { Passage } from './types';

const modelPath = resolve(sharedDir, 'models/tinyllamas/stories260K.gguf');
const model = createLocalModel({ modelPath, threads: 1, maxTokens: 48 });

const passages: Passage[] = [
  {
    n: 1,
    messageId: 'm1',
    subject: 'Picnic',
    from: { name: 'Lily', address: 'lily@example.com' },
    date: '2019-05-02T10:00:00.000Z',
    text: 'Lily went to the park with her dog. They had a picnic under a big tree.',
  },
];

afterAll(async () => {
  await model.close();
});

describe('local GGUF model', () => {
  test('uses one thread per two cores, at least one', () => {
    expect(defaultThreads()).toBeGreaterThanOrEqual(1);
  });

  test('streams tokens through the provider interface', async () => {
    const provider = createLocalModelProvider(model);
    expect(provider).toMatchObject({ name: 'local', isRemote: false });
    const tokens: string[] = [];
    const answer = await provider.answer('Where did Lily go?', passages, { onToken: (text) => tokens.push(text) });
    expect(tokens.length).toBeGreaterThan(3);
    expect(answer.provider).toBe('local');
    // Whatever the story model wrote, citations can only name passage 1.
    for (const citation of answer.citations) expect(citation.n).toBe(1);
    expect(answer.answer.length).toBeGreaterThan(0);
  });

  test('cancelling mid-stream stops generation with a cancelled error', async () => {
    const controller = new AbortController();
    const tokens: string[] = [];
    const pending = model.generate([{ role: 'user', content: 'Once upon a time' }], {
      signal: controller.signal,
      onToken: (text) => {
        tokens.push(text);
        if (tokens.length === 3) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ code: 'cancelled', failure: 'cancelled' });
    expect(tokens.length).toBeLessThan(10);
    // The model still answers the next question after a cancel.
    const text = await model.generate([{ role: 'user', content: 'Once upon a time' }], {});
    expect(text.length).toBeGreaterThan(0);
  });

  test('a missing model file names the file and what to do', async () => {
    const missing = createLocalModel({ modelPath: '/nonexistent/model.gguf', threads: 1 });
    await expect(missing.generate([{ role: 'user', content: 'hi' }], {})).rejects.toThrow(
      /local model: cannot load \/nonexistent\/model\.gguf.*choose another \.gguf/,
    );
  });
});
