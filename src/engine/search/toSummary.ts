// Turns a catalog entry into the MessageSummary shape every listing uses.
import type { MessageSummary } from '../../shared/model/message';
import { recipients, type ListedEntry } from '../index/catalogEntry';

export function toSummary(entry: ListedEntry, snippet: string): MessageSummary {
  const row = entry.row;
  return {
    id: row.id,
    messageId: row.messageId,
    threadId: row.threadId,
    from: { name: row.fromName, address: row.fromAddress },
    to: recipients(entry, 'to'),
    cc: recipients(entry, 'cc'),
    subject: row.subject,
    date: new Date(row.date).toISOString(),
    folder: row.folder,
    labels: entry.labels,
    hasAttachments: entry.attachments.length > 0,
    attachments: entry.attachments,
    snippet,
  };
}
