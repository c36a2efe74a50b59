// What of a message goes into the keyword index: one definition for import and for rebuilds.
import type { MessageRecord } from '../store/messageRecord';
import type { KeywordDocument } from './keywordIndex';

export type KeywordSource = Pick<
  MessageRecord,
  'subject' | 'fromName' | 'fromAddress' | 'toJson' | 'ccJson' | 'attachmentsJson' | 'text' | 'attachmentTextJson'
>;

export const KEYWORD_SOURCE_COLUMNS = ['subject', 'fromName', 'fromAddress', 'toJson', 'ccJson', 'attachmentsJson', 'text', 'attachmentTextJson'] as const;

function jsonText(json: string, pick: (item: Record<string, unknown>) => unknown): string {
  try {
    return (JSON.parse(json) as Record<string, unknown>[]).map((item) => String(pick(item) ?? '')).join(' ');
  } catch {
    return '';
  }
}

export function keywordDocumentOf(record: KeywordSource): KeywordDocument {
  const people = [
    record.fromName,
    record.fromAddress,
    jsonText(record.toJson, (item) => `${String(item.name ?? '')} ${String(item.address ?? '')}`),
    jsonText(record.ccJson, (item) => `${String(item.name ?? '')} ${String(item.address ?? '')}`),
  ].join(' ');
  return {
    meta: `${record.subject}\n${people}\n${jsonText(record.attachmentsJson, (item) => item.filename)}`,
    content: `${record.text}\n${jsonText(record.attachmentTextJson, (item) => item.text)}`,
  };
}
