// The in-memory catalog on real mail: what it keeps of the records it was given, and nothing more.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import { CATALOG_COLUMNS, type CatalogRow, type MessageRecord } from '../store/messageRecord';
import { Catalog } from './catalog';
import { bodyHashOf } from './bodyHash';
import { readCatalogManifest, readCatalogSnapshot, writeCatalogSnapshot } from './catalogSnapshotFile';

async function records(name: string, limit: number): Promise<MessageRecord[]> {
  const messages = await readCorpusMessages(name, limit);
  return Promise.all(
    messages.map(async (bytes, index) => {
      const placement = { folder: index % 5 === 0 ? 'Work/Projects' : null, labels: index % 3 === 0 ? ['Inbox', 'Category updates'] : [] };
      const { record } = await normalizeMessage(bytes, {
        sourceId: 'source',
        sourceFile: `${name}`,
        offset: index,
        placement,
        defaultFolder: 'list',
      });
      return { ...record, threadId: `thread-${index % 7}` };
    }),
  );
}

function catalogRowOf(record: MessageRecord): CatalogRow {
  return Object.fromEntries(CATALOG_COLUMNS.map((column) => [column, record[column]])) as unknown as CatalogRow;
}

describe('catalog', () => {
  it('keeps only the catalog columns of an imported record, never its body', async () => {
    const [record] = await records('usrp-users-list.mbox.gz', 1);
    expect(record!.text.length).toBeGreaterThan(100);
    const catalog = new Catalog();
    const entry = catalog.entry(catalog.add(record!));
    expect(Object.keys(entry.row).sort()).toEqual([...CATALOG_COLUMNS].sort());
    expect(catalog.ordinalOf(record!.id)).toBe(0);
  });

  it('gives back every field of every message it was given, and the folded forms filters test', async () => {
    const given = await records('usrp-users-list.mbox.gz', 400);
    const catalog = new Catalog();
    for (const record of given) catalog.add(record);
    expect(catalog.size).toBe(given.length);
    given.forEach((record, ordinal) => {
      expect(catalog.row(ordinal)).toEqual(catalogRowOf(record));
      expect(catalog.ordinalOf(record.id)).toBe(ordinal);
      expect(catalog.labels(ordinal)).toEqual(JSON.parse(record.labelsJson));
      expect(catalog.attachments(ordinal)).toEqual(JSON.parse(record.attachmentsJson));
      expect(catalog.recipients(ordinal, 'cc')).toEqual(JSON.parse(record.ccJson));
    });
    const withAttachment = given.findIndex((record) => record.attachmentCount > 0);
    const entry = catalog.entry(withAttachment);
    expect(entry.foldedAttachmentNames).toBe(entry.attachments.map((attachment) => attachment.filename.toLowerCase()).join('\n'));
    expect(catalog.entry(0).labelKeys).toEqual(['inbox', 'category updates']);
    expect(catalog.entry(5).folderKey).toBe('work/projects');
    expect(catalog.entry(5).folderLeafKey).toBe('projects');
  });

  it('changes one message labels without touching the others that had the same', async () => {
    const given = await records('usrp-users-list.mbox.gz', 7);
    const catalog = new Catalog();
    for (const record of given) catalog.add(record);
    catalog.setLabels(3, ['Inbox', 'Starred']);
    expect(catalog.labels(3)).toEqual(['Inbox', 'Starred']);
    expect(catalog.labelKeys(3)).toEqual(['inbox', 'starred']);
    expect(catalog.labels(0)).toEqual(['Inbox', 'Category updates']);
    expect(catalog.labels(6)).toEqual(['Inbox', 'Category updates']);
    const marked = new Uint8Array(catalog.size);
    catalog.markLabels(marked, (keys) => keys.includes('starred'));
    expect([...marked]).toEqual([0, 0, 0, 1, 0, 0, 0]);
  });

  it('keeps the body hash an import made on its parsing thread, and hashes a text handed in without one', async () => {
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 20);
    const normalized = await Promise.all(
      messages.map((bytes, index) =>
        normalizeMessage(bytes, {
          sourceId: 's',
          sourceFile: 'f',
          offset: index,
          placement: { folder: null, labels: [] },
          defaultFolder: 'list',
        }),
      ),
    );
    const catalog = new Catalog();
    for (const [index, message] of normalized.entries()) {
      expect(message.bodyHash).toBe(bodyHashOf(message.record.text));
      const ordinal = index % 2 === 0 ? catalog.add(message.record, message.bodyHash) : catalog.add(message.record);
      expect(catalog.bodyHash(ordinal)).toBe(bodyHashOf(message.record.text));
    }
    // A hash handed in is taken as it is: the text is not hashed again on the engine's thread.
    const ordinal = catalog.add({ ...normalized[0]!.record, id: 'again' }, 12345);
    expect(catalog.bodyHash(ordinal)).toBe(12345);
  });

  it('finds every stored copy of a Message-ID', async () => {
    const [record] = await records('usrp-users-list.mbox.gz', 1);
    const catalog = new Catalog();
    catalog.add(record!);
    expect(catalog.ordinalsOfMessageId(record!.messageId)).toEqual([0]);
    catalog.add({ ...record!, id: 'second copy' });
    catalog.add({ ...record!, id: 'third copy' });
    expect(catalog.ordinalsOfMessageId(record!.messageId)).toEqual([0, 1, 2]);
    expect(catalog.ordinalsOfMessageId('unknown')).toEqual([]);
  });
  it('made its lookups a step at a time, as an import does before adding mail, answers as one that makes them at once', async () => {
    const given = await records('usrp-users-list.mbox.gz', 300);
    // Two catalogs read from parts of their own: a catalog read from parts adds to their lists.
    const [prepared, atOnce] = [new Catalog(), new Catalog()].map((saved) => {
      for (const record of given.slice(0, 250)) saved.add(record);
      return Catalog.fromParts(saved.parts());
    }) as [Catalog, Catalog];
    let steps = 0;
    for (const _ of prepared.lookupSteps()) steps += 1;
    // A step per lookup: the value columns' numbers, ordinals by id, by Message-ID (their decoding, then a step per
    // 8,192 messages) and the attachment lists.
    expect(steps).toBeGreaterThanOrEqual(23);
    for (const catalog of [prepared, atOnce]) for (const record of given.slice(250)) catalog.add(record);
    for (let ordinal = 0; ordinal < given.length; ordinal += 1) {
      const { id, messageId } = given[ordinal]!;
      expect(prepared.entry(ordinal)).toEqual(atOnce.entry(ordinal));
      expect(prepared.ordinalOf(id)).toBe(atOnce.ordinalOf(id));
      expect(prepared.ordinalsOfMessageId(messageId)).toEqual(atOnce.ordinalsOfMessageId(messageId));
      expect(prepared.threadNumber(ordinal)).toBe(atOnce.threadNumber(ordinal));
    }
    expect(prepared.ordinalOf(given[260]!.id)).toBe(260);
  });

  it('finds each message by its id when read from its snapshot, and after messages are added, whatever its ids are', async () => {
    const given = await records('usrp-users-list.mbox.gz', 60);
    const dir = await makeTempDir();
    try {
      // Store ids alone, and with ids of other stores: the list saved as Latin-1 (hex, then with an accent), UTF-8, UTF-16.
      for (const odd of [[], ['Zoë', 'second copy'], ['日本語のメール'], ['\ud800 a lone half', '']]) {
        const rows = given.map((record, index) => (index < odd.length ? { ...record, id: odd[index]! } : record));
        const written = new Catalog();
        for (const row of rows.slice(0, 40)) written.add(row);
        const folder = join(dir, `snapshot-${odd.length}-${odd[0]?.length ?? 0}`);
        await writeCatalogSnapshot(folder, written.parts(), { version: 1, rows: written.size, dataFiles: null });
        const catalog = Catalog.fromParts(await readCatalogSnapshot(folder, (await readCatalogManifest(folder))!));
        const expectAsMap = (ids: string[]): void => {
          // A Map set in ordinal order: the later ordinal of an id listed twice.
          const ordinals = new Map(ids.map((id, ordinal) => [id, ordinal]));
          for (const id of ids) expect(catalog.ordinalOf(id)).toBe(ordinals.get(id));
          for (const id of ['0'.repeat(24), 'second', 'Zoe', '日本']) expect([id, catalog.has(id)]).toEqual([id, ordinals.has(id)]);
        };
        expectAsMap(rows.slice(0, 40).map((row) => row.id));
        for (const row of rows.slice(40)) catalog.add(row);
        // A copy of a message stored again under the same id: found at its new ordinal, as the Map the table replaced did.
        catalog.add(rows[3]!);
        expectAsMap([...rows, rows[3]!].map((row) => row.id));
        expect(catalog.ordinalOf(rows[3]!.id)).toBe(rows.length);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the ids of a catalog from its snapshot one by one, however many are read, and finds each by its id', async () => {
    const [record] = await records('usrp-users-list.mbox.gz', 1);
    const dir = await makeTempDir();
    try {
      const written = new Catalog();
      for (let index = 0; index < 1000; index += 1) written.add({ ...record!, id: `id-${index}`, messageId: `<m-${index}@x>` });
      await writeCatalogSnapshot(dir, written.parts(), { version: 1, rows: written.size, dataFiles: null });
      const catalog = Catalog.fromParts(await readCatalogSnapshot(dir, (await readCatalogManifest(dir))!));
      for (let round = 0; round < 2; round += 1)
        for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) expect(catalog.ordinalOf(catalog.id(ordinal))).toBe(ordinal);
      expect(catalog.parts().ids.isDecoded()).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
