// Re-placing the changed items of a ranked list gives the list a whole sort would.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seededRandom';
import { reranked } from './rankedList';

interface Item {
  key: string;
  count: number;
}
const byRank = (first: Item, second: Item): number => second.count - first.count || first.key.localeCompare(second.key);

describe('reranked', () => {
  it('equals sorting the whole list again, with items changed, added and left as they were', () => {
    const random = seededRandom(7);
    let items: Item[] = Array.from({ length: 500 }, (_, index) => ({ key: `k${index}`, count: Math.floor(random() * 20) }));
    let ranked = [...items].sort(byRank);
    for (let round = 0; round < 20; round += 1) {
      const changedKeys = new Set(Array.from({ length: 30 }, () => `k${Math.floor(random() * (items.length + 10))}`));
      const byKey = new Map(items.map((item) => [item.key, item]));
      const changed = [...changedKeys].map((key) => ({ key, count: (byKey.get(key)?.count ?? 0) + 1 + Math.floor(random() * 3) }));
      for (const item of changed) byKey.set(item.key, item);
      items = [...byKey.values()];
      ranked = reranked(ranked, (item) => changedKeys.has(item.key), changed, byRank);
      expect(ranked).toEqual([...items].sort(byRank));
    }
  });
});
