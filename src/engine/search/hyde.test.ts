// Writing hyde's hypothetical passage: with the real tiny GGUF model (stopped once the passage is long enough),
// remembered per model and query, and a clear error when the model writes nothing.
import { resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sharedDir } from '../../../test/corpus';
import { createLocalModel } from '../answer/localModel';
import type { ChatGenerator } from '../answer/types';
import { hydeSearchText, hypotheticalPrompt, PASSAGE_CHARACTERS, writeHypotheticalPassage } from './hyde';

// Allowed far more tokens than a passage needs, so only hyde's own cut can keep the passage short.
const model = createLocalModel({
  modelPath: resolve(sharedDir, 'models/tinyllamas/stories260K.gguf'),
  threads: 1,
  maxTokens: 2_000,
  temperature: 0,
});

afterAll(async () => {
  await model.close();
});

describe('hypothetical passages', () => {
  test('asks for a short mail about the search, the query last', () => {
    const prompt = hypotheticalPrompt('sqpoll cpu usage');
    expect(prompt[0]!.role).toBe('system');
    expect(prompt[0]!.content).toMatch(/short email/);
    expect(prompt.at(-1)).toEqual({ role: 'user', content: 'Search: sqpoll cpu usage' });
    expect(hydeSearchText('sqpoll cpu usage', 'The SQPOLL thread spins.')).toBe('sqpoll cpu usage\nThe SQPOLL thread spins.');
  });

  test('the local model writes one, cut at the passage length, and it is remembered', async () => {
    let tokens = 0;
    const counting: ChatGenerator = (messages, options) =>
      model.generate(messages, {
        ...options,
        onToken: (text) => {
          tokens += 1;
          options.onToken?.(text);
        },
      });
    const first = await writeHypotheticalPassage('Once upon a time', counting);
    expect(first.isCached).toBe(false);
    expect(first.passage.length).toBeGreaterThan(PASSAGE_CHARACTERS / 2);
    expect(first.passage.length).toBeLessThanOrEqual(PASSAGE_CHARACTERS);
    // Generation stopped near the cut, far below the 2,000 tokens the model was allowed.
    expect(tokens).toBeLessThan(400);
    const again = await writeHypotheticalPassage('Once upon a time', counting);
    expect(again).toEqual({ passage: first.passage, isCached: true });
  });

  test('a model that writes nothing is an error naming hyde, and nothing is remembered', async () => {
    let calls = 0;
    const silent: ChatGenerator = async () => {
      calls += 1;
      return '  \n ';
    };
    await expect(writeHypotheticalPassage('anything', silent)).rejects.toThrow('hyde: the language model wrote nothing for this query');
    await expect(writeHypotheticalPassage('anything', silent)).rejects.toThrow(/wrote nothing/);
    expect(calls).toBe(2);
  });

  test("the model's own failure is passed on", async () => {
    const failing: ChatGenerator = async () => {
      throw new Error('ollama: model "x" not found');
    };
    await expect(writeHypotheticalPassage('anything', failing)).rejects.toThrow('ollama: model "x" not found');
  });
});
