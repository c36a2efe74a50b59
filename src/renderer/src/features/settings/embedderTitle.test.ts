import { describe, expect, it } from 'vitest';
import { embedderTitle } from './embedderTitle';

describe('embedder title', () => {
  it('names the built-in model as the catalogue does, with the id the engine gives it', () => {
    expect(embedderTitle('use-lite-en-512')).toBe('Universal Sentence Encoder (built in)');
  });

  it('names a downloaded model by its catalogue title, files the person chose by their folder', () => {
    expect(embedderTitle('transformers:all-minilm-l6-v2:23041234')).toBe('all-MiniLM-L6-v2');
    expect(embedderTitle('transformers:multilingual-e5-small:118000000')).toBe('multilingual-e5-small');
    expect(embedderTitle('transformers:my-own-model:1234')).toBe('my-own-model');
    expect(embedderTitle('something-else')).toBe('something-else');
  });
});
