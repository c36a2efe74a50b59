import { describe, expect, it } from 'vitest';
import type { ModelListEntry, ModelListing } from '../../../../shared/model/models';
import { MODEL_CATALOGUE } from '../../../../shared/models/catalogue';
import { costLine, roleGroups, stateLine } from './modelListText';

function listing(change: (entry: ModelListEntry) => Partial<ModelListEntry> = () => ({})): ModelListing {
  const models = MODEL_CATALOGUE.map((model) => {
    const entry: ModelListEntry = {
      ...model,
      state: model.isBuiltIn ? 'installed' : 'available',
      isInUse: model.isBuiltIn,
      path: null,
      bytesOnDisk: 0,
    };
    return { ...entry, ...change(entry) };
  });
  return { models, filesInUse: [], modelsFolder: '/data/models', freeBytes: 10e9, source: 'https://huggingface.co' };
}

describe('model list words', () => {
  it('groups the catalogue by role, in the order searching, reranking, answers, each with what it uses', () => {
    const groups = roleGroups(listing());
    expect(groups.map((group) => [group.heading, group.inUse])).toEqual([
      ['Meaning search', 'Universal Sentence Encoder (built in)'],
      ['Reranking', 'Feature reranker (built in)'],
      ['Answers', 'Extractive answers (built in)'],
    ]);
    expect(groups.flatMap((group) => group.models)).toHaveLength(MODEL_CATALOGUE.length);
    expect(groups[0]!.models.every((model) => model.role === 'embedder')).toBe(true);
  });

  it('names files the person chose, by their last path part, over the catalogue', () => {
    const chosen = { ...listing(), filesInUse: [{ role: 'answer' as const, path: '/home/anna/models/stories260K.gguf' }] };
    expect(roleGroups(chosen)[2]!.inUse).toBe('your files, stories260K.gguf');
  });

  it('says what a model costs, "about" where the catalogue rounds, and once installed what it takes', () => {
    const minilm = MODEL_CATALOGUE.find((model) => model.name === 'all-minilm-l6-v2')!;
    expect(
      costLine({ ...minilm, downloadBytes: 23_000_000, diskBytes: 23_000_000, memoryBytes: 150_000_000, isDownloadSizeExact: false }),
    ).toBe('Download about 23 MB · about 23 MB on disk · about 150 MB of memory');
    expect(costLine({ ...minilm, downloadBytes: 1_117_320, diskBytes: 1_117_320, isDownloadSizeExact: true, memoryBytes: 5e6 })).toBe(
      'Download 1.1 MB · 1.1 MB on disk · about 5.0 MB of memory',
    );
    expect(costLine({ ...minilm, memoryBytes: 150_000_000, state: 'installed', bytesOnDisk: 285_000 })).toBe(
      'Installed: 285 KB on disk · about 150 MB of memory',
    );
    const builtIn = MODEL_CATALOGUE.find((model) => model.isBuiltIn)!;
    expect(costLine({ ...builtIn, memoryBytes: 200_000_000 })).toBe('Built in: nothing to download · about 200 MB of memory');
    expect(costLine({ ...builtIn, memoryBytes: 0 })).toBe('Built in: nothing to download · no model in memory');
  });

  it('says what a paused download kept', () => {
    const paused = listing((entry) =>
      entry.name === 'all-minilm-l6-v2' ? { state: 'paused', bytesOnDisk: 4_000_000, downloadBytes: 23_000_000 } : {},
    );
    const entry = paused.models.find((model) => model.name === 'all-minilm-l6-v2')!;
    expect(stateLine(entry)).toBe('4.0 MB of 23 MB kept: resume to fetch the rest.');
    expect(stateLine({ ...entry, state: 'installed' })).toBeNull();
  });
});
