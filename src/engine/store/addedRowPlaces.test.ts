// Reading rows by id finds the same rows whether they were added after the id index (read by place), covered by it,
// moved by an update, or never stored.
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { MessageStore } from './messageStore';
import { AddedRowPlaces } from './addedRowPlaces';
import { numberedRecord } from '../../../test/plainRecords';

/** What a filter over every row of the table finds, as the store read before it knew places. */
async function filtered(location: string, ids: string[]): Promise<{ id: string; labelsJson: string; snippet: string }[]> {
  const table = await (await connect(location)).openTable('messages');
  const rows = (await table
    .query()
    .where(`id IN (${ids.map((id) => `'${id}'`).join(',')})`)
    .select(['id', 'labelsJson', 'snippet'])
    .toArray()) as { id: string; labelsJson: string; snippet: string }[];
  table.close();
  return rows.map((row) => ({ id: row.id, labelsJson: row.labelsJson, snippet: row.snippet })).sort(byId);
}

function byId(first: { id: string }, second: { id: string }): number {
  return first.id < second.id ? -1 : first.id > second.id ? 1 : 0;
}

describe('MessageStore reads by id', () => {
  it('finds rows added after the id index, rows it covers, moved rows and no row for an unknown id, as a filter does', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      await store.add(Array.from({ length: 5_000 }, (_, index) => numberedRecord(index)));
      await store.ensureIdIndex(5_000);
      for (let batch = 0; batch < 3; batch += 1) {
        await store.add(Array.from({ length: 200 }, (_, index) => numberedRecord(5_000 + batch * 200 + index)));
      }
      const asked = ['id-5599', 'id-12', 'id-5000', 'id-nothing', 'id-4999', 'id-5300', 'id-12'];
      const expectSame = async (): Promise<void> => {
        const read = await store.getColumns(asked, ['id', 'labelsJson', 'snippet']);
        expect([...read].sort(byId)).toEqual(await filtered(location, asked));
        // Without the id column asked for, the rows carry only what was asked.
        const snippets = await store.getColumns(asked, ['snippet']);
        const found = await filtered(location, asked);
        expect(snippets.map((row) => Object.keys(row))).toEqual(found.map(() => ['snippet']));
        expect(snippets.map((row) => row.snippet).sort()).toEqual(found.map((row) => row.snippet).sort());
      };
      await expectSame();
      // An update rewrites its row elsewhere; the places noted before it are no longer trusted.
      await store.updateLabels('id-5000', '["moved"]');
      await expectSame();
      await store.add(Array.from({ length: 100 }, (_, index) => numberedRecord(6_000 + index)));
      asked.push('id-6050');
      await expectSame();
      await store.mergeFragments();
      await expectSame();
      expect((await store.getColumns(['id-5000'], ['labelsJson']))[0]?.labelsJson).toBe('["moved"]');
    } finally {
      store.close();
    }
  });

  it('keeps the places of the newest rows alone, past its bound', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      await store.add(Array.from({ length: 6 }, (_, index) => numberedRecord(index)));
      const opened = await (await connect(location)).openTable('messages');
      const places = new AddedRowPlaces(4);
      const ids = Array.from({ length: 6 }, (_, index) => `id-${index}`);
      places.note(ids.slice(0, 3), 0);
      places.note(ids.slice(3), 3);
      const taken = await places.take(opened, ids, ['id']);
      expect(taken?.toArray().map((row: { id: string }) => row.id)).toEqual(['id-2', 'id-3', 'id-4', 'id-5']);
      opened.close();
    } finally {
      store.close();
    }
  });
});
