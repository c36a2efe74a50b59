// What of a message goes into the keyword index: one definition for import and for rebuilds.
import type { MessageRecord } from '../store/messageRecord';
import type { KeywordDocument } from './keywordIndex';
import { words } from './fold';

/** Indexing the first part of very long mails (patches, logs) keeps the index small; their subject and start still match. */
const MAX_INDEXED_CHARS = 100_000;

/** Folded words, each once, in order of first appearance: the one tokenisation for indexing (queries use `words`). */
function terms(text: string): string {
  return [...new Set(words(text))].join(' ');
}

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
  const attachmentText = jsonText(record.attachmentTextJson, (item) => item.text);
  return {
    meta: terms(`${record.subject}\n${people}\n${jsonText(record.attachmentsJson, (item) => item.filename)}`),
    content: terms(`${record.text.slice(0, MAX_INDEXED_CHARS)}\n${attachmentText.slice(0, MAX_INDEXED_CHARS)}`),
  };
}
