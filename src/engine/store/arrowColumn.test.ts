// Columns built straight into Arrow buffers hold exactly what Arrow's own builder made of the same records.
import { describe, expect, it } from 'vitest';
import { arrowColumn } from './arrowColumn';
import { lanceArrow } from './lanceArrow';
import { MESSAGE_SCHEMA, type MessageRecord } from './messageRecord';

const { makeVector, vectorFromArray, tableFromIPC, tableToIPC, Table, RecordBatch, Struct, makeData, Utf8 } = lanceArrow;

function record(index: number, text: string): MessageRecord {
  return {
    id: `id-${index}`,
    messageId: `${index}@example.com`,
    threadId: index % 2 === 0 ? '' : 'thread',
    subject: text,
    date: index === 0 ? 0 : 1_700_000_000_123 + index * 0.5,
    fromName: 'Zoë Ångström',
    fromAddress: 'zoe@example.com',
    toJson: '[{"name":"Bob","address":"bob@example.com"}]',
    ccJson: '[]',
    bccJson: '[]',
    folder: 'Clients/North/Invoices',
    labelsJson: '["Inbox","Важно"]',
    attachmentsJson: '[]',
    attachmentCount: index * 3,
    attachmentTextJson: '[]',
    parentId: '',
    size: 2 ** 40 + index,
    text: text.repeat(index + 1),
    html: '',
    snippet: text.slice(0, 10),
    headersJson: '{}',
    listId: '',
    isRead: index % 3 === 0,
    isStarred: index % 5 === 1,
    sourceId: 'source',
    sourceFile: '/mail/Inbox',
    sourceOffset: index === 1 ? -1 : index * 1000,
    contentHash: 'f'.repeat(64),
  };
}

/** Every kind of text a message holds: ASCII, accents, CJK, emoji, a lone surrogate from a broken decoder, nothing. */
const TEXTS = ['plain text', 'café crème', '中文邮件', 'emoji 📬 mail', 'broken \ud800 half', '', 'x'.repeat(70_000)];
const RECORDS = Array.from({ length: 19 }, (_, index) => record(index, TEXTS[index % TEXTS.length]!));

describe('arrowColumn', () => {
  it('builds every column of the messages table as vectorFromArray does', () => {
    for (const field of MESSAGE_SCHEMA.fields) {
      const values = RECORDS.map((item) => item[field.name as keyof MessageRecord]);
      const built = makeVector(arrowColumn(field.type, values));
      const expected = vectorFromArray(values, field.type);
      expect(built.length, field.name).toBe(expected.length);
      expect(built.nullCount, field.name).toBe(0);
      expect([...built], field.name).toEqual([...expected]);
    }
  });

  it('reads back as the records from the Arrow stream LanceDB is given', () => {
    const children = MESSAGE_SCHEMA.fields.map((field) =>
      arrowColumn(
        field.type,
        RECORDS.map((item) => item[field.name as keyof MessageRecord]),
      ),
    );
    const batch = new RecordBatch(
      MESSAGE_SCHEMA,
      makeData({ type: new Struct(MESSAGE_SCHEMA.fields), length: RECORDS.length, nullCount: 0, children }),
    );
    const read = tableFromIPC(tableToIPC(new Table(MESSAGE_SCHEMA, [batch]), 'stream'));
    const rows = read.toArray().map((row) => ({ ...(row as object) }));
    // A lone surrogate is stored as U+FFFD by any UTF-8 encoder, Arrow's included.
    expect(rows).toEqual(RECORDS.map((item) => JSON.parse(JSON.stringify(item).replace(/\\ud800/g, '\ufffd')) as MessageRecord));
  });

  it('writes an empty column', () => {
    expect([...makeVector(arrowColumn(new Utf8(), []))]).toEqual([]);
  });
});
