// Fusion and thread diversity on a real catalog of rows.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import type { CatalogRow } from '../store/messageRecord';
import { diversifyThreads, fuseByRank, type RankedHit } from './rank';

function row(id: string, threadId: string, date: number): CatalogRow {
  return {
    id, messageId: `${id}@x`, threadId, subject: id, date, fromName: '', fromAddress: '', toJson: '[]', ccJson: '[]', bccJson: '[]',
    folder: 'Inbox', labelsJson: '[]', attachmentsJson: '[]', attachmentCount: 0, parentId: '', size: 1, listId: '', isRead: true, isStarred: false, sourceId: 's',
  };
}

const hit = (ordinal: number, score = 1): RankedHit => ({ ordinal, score, matchType: 'keyword' });

describe('diversifyThreads', () => {
  it('keeps at most two hits of one thread in the top ten, moving the rest down in order', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 12; index += 1) catalog.add(row(`m${index}`, index < 8 ? 'long' : `t${index}`, index));
    const ordered = diversifyThreads(Array.from({ length: 12 }, (_, index) => hit(index)), catalog);
    expect(ordered.map((item) => item.ordinal)).toEqual([0, 1, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7]);
    const threadsInTop = ordered.slice(0, 10).filter((item) => catalog.entries[item.ordinal]!.row.threadId === 'long');
    expect(threadsInTop.length).toBe(6);
  });

  it('allows more per thread when asked', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 5; index += 1) catalog.add(row(`m${index}`, 'one', index));
    expect(diversifyThreads([0, 1, 2, 3, 4].map((ordinal) => hit(ordinal)), catalog, 5).map((item) => item.ordinal)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('fuseByRank', () => {
  it('ranks messages found by both retrievers first and marks them', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 4; index += 1) catalog.add(row(`m${index}`, `t${index}`, index));
    const fused = fuseByRank([hit(0), hit(1), hit(2)], [{ ...hit(2), matchType: 'semantic' }, { ...hit(3), matchType: 'semantic' }], catalog);
    expect(fused[0]).toMatchObject({ ordinal: 2, matchType: 'both' });
    expect(fused.find((item) => item.ordinal === 3)?.matchType).toBe('semantic');
    expect(fused.find((item) => item.ordinal === 0)?.matchType).toBe('keyword');
    expect(fused).toHaveLength(4);
  });
});
