// The store-changed marker: changes marked at the same moment each land, and the marker always names one of them.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { markStoreChanged, storeGeneration } from './storeGeneration';

describe('store generation', () => {
  it('takes many changes marked at once without an error, and leaves no temp file behind', async () => {
    const dataDir = await makeTempDir();
    expect(await storeGeneration(dataDir)).toBe('');
    await Promise.all(Array.from({ length: 50 }, () => markStoreChanged(dataDir)));
    expect(await storeGeneration(dataDir)).toMatch(new RegExp(`^\\d+-${process.pid}-\\d+$`));
    expect(await readdir(dataDir)).toEqual(['store-generation']);
    const before = await storeGeneration(dataDir);
    await markStoreChanged(dataDir);
    expect(await storeGeneration(dataDir)).not.toBe(before);
  });
});
