// Test helper: catalog rows and message records with only the fields a test cares about, the rest plain.
import type { CatalogRow, MessageRecord } from '../src/engine/store/messageRecord';

/** A catalog row named `id` (its thread and subject too, unless given), in the Inbox, with no people or attachments. */
export function plainRow(fields: Pick<CatalogRow, 'id'> & Partial<CatalogRow>): CatalogRow {
  const { id } = fields;
  return {
    messageId: `${id}@x`,
    threadId: id,
    subject: id,
    date: 0,
    fromName: '',
    fromAddress: '',
    toJson: '[]',
    ccJson: '[]',
    bccJson: '[]',
    folder: 'Inbox',
    labelsJson: '[]',
    attachmentsJson: '[]',
    attachmentCount: 0,
    parentId: '',
    size: 1,
    listId: '',
    isRead: true,
    isStarred: false,
    sourceId: 's',
    ...fields,
  };
}

/** The `index`th of a run of stored messages from one sender, a minute apart, in seven threads. */
export function numberedRecord(index: number): MessageRecord {
  return {
    ...plainRow({ id: `id-${index}`, messageId: `<${index}@example.org>`, threadId: `thread-${index % 7}` }),
    subject: `Subject ${index}`,
    date: Date.UTC(2024, 0, 1) + index * 60_000,
    fromName: 'Ada',
    fromAddress: 'ada@example.org',
    attachmentTextJson: '[]',
    size: 100,
    text: `body of message ${index}`,
    html: '',
    snippet: `body of message ${index}`,
    headersJson: '{}',
    isRead: false,
    sourceId: 'source',
    sourceFile: 'archive.mbox',
    sourceOffset: index * 100,
    contentHash: `hash-${index}`,
  };
}
