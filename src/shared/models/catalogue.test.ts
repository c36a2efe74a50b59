// The model catalogue is whole: every model named once, every figure with its source, digests well formed.
import { describe, expect, it } from 'vitest';
import { MODEL_CATALOGUE, builtInModel } from './catalogue';

describe('model catalogue', () => {
  it('names each model once, with one built-in model per role to fall back on', () => {
    const names = MODEL_CATALOGUE.map((model) => model.name);
    expect(new Set(names).size).toBe(names.length);
    for (const role of ['embedder', 'reranker', 'answer'] as const) expect(builtInModel(role)?.isBuiltIn).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining([
        'all-minilm-l6-v2',
        'bge-small-en-v1.5',
        'multilingual-e5-small',
        'ms-marco-minilm-l6-v2',
        'qwen2.5-1.5b-instruct',
      ]),
    );
  });

  it.each(MODEL_CATALOGUE.filter((model) => !model.isBuiltIn).map((model) => [model.name, model] as const))(
    '%s has a repository, a revision with its note, files with sizes and well-formed digests, and sourced figures',
    (_name, model) => {
      expect(model.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(model.revision === 'main' || /^[0-9a-f]{40}$/.test(model.revision)).toBe(true);
      if (model.revision === 'main') expect(model.revisionNote).toBeTruthy();
      expect(model.files.length).toBeGreaterThan(0);
      for (const file of model.files) {
        expect(file.bytes).toBeGreaterThan(0);
        if (file.sha256 !== null) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
      expect(model.downloadBytes).toBe(model.files.reduce((sum, file) => sum + file.bytes, 0));
      expect(model.quality.figure).toBeTruthy();
      expect(model.quality.source).toBeTruthy();
      expect(model.licence).toBeTruthy();
      expect(model.languages).toBeTruthy();
    },
  );
});
