// The messages table merges the fragments import batches leave, keeping the row order the keyword index relies on.
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import type { MessageRecord } from './messageRecord';
import { MessageStore } from './messageStore';

function record(index: number): MessageRecord {
  return {
    id: `id-${index}`,
    messageId: `<${index}@example.org>`,
    threadId: `thread-${index % 7}`,
    subject: `Subject ${index}`,
    date: Date.UTC(2024, 0, 1) + index * 60_000,
    fromName: 'Ada',
    fromAddress: 'ada@example.org',
    toJson: '[]',
    ccJson: '[]',
    bccJson: '[]',
    folder: 'Inbox',
    labelsJson: '[]',
    attachmentsJson: '[]',
    attachmentCount: 0,
    attachmentTextJson: '[]',
    parentId: '',
    size: 100,
    text: `body of message ${index}`,
    html: '',
    snippet: `body of message ${index}`,
    headersJson: '{}',
    listId: '',
    isRead: false,
    isStarred: false,
    sourceId: 'source',
    sourceFile: 'archive.mbox',
    sourceOffset: index * 100,
    contentHash: `hash-${index}`,
  };
}

async function scannedIds(store: MessageStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const rows of store.scanColumns(['id'])) ids.push(...rows.map((row) => row.id));
  return ids;
}

describe('MessageStore compaction', () => {
  it('merges the fragments of many import batches once there are 20, keeping the rows and their order', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      // Interleaved ids, so that an order by id or by time would show as a change.
      const batches = Array.from({ length: 25 }, (_, batch) => Array.from({ length: 40 }, (_, row) => record(row * 25 + batch)));
      for (const batch of batches.slice(0, 10)) await store.add(batch);
      expect(await store.compactIfFragmented()).toBe(false);
      for (const batch of batches.slice(10)) await store.add(batch);
      const before = await scannedIds(store);
      const table = await (await connect(location)).openTable('messages');
      expect((await table.stats()).fragmentStats.numFragments).toBe(25);

      expect(await store.compactIfFragmented()).toBe(true);
      await table.checkoutLatest();
      expect((await table.stats()).fragmentStats.numFragments).toBe(1);
      expect(await scannedIds(store)).toEqual(before);
      expect((await store.get(['id-26']))[0]?.text).toBe('body of message 26');
      expect(await store.compactIfFragmented()).toBe(false);
      table.close();
    } finally {
      store.close();
    }
  });
});
