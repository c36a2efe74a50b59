// What of a message goes into the keyword index: one definition for import and for rebuilds.
import type { Address } from '../../shared/model/message';
import type { MessageRecord } from '../store/messageRecord';
import { decodeAddresses, decodeAttachments, decodeAttachmentTexts } from '../store/recordColumns';
import type { KeywordDocument } from './keywordIndex';
import { indexedWords } from './fold';

/** Indexing the first part of very long mails (patches, logs) keeps the index small; their subject and start still match. */
const MAX_INDEXED_CHARS = 100_000;

/**
 * Folded words and identifiers, each once, in order of first appearance: the one tokenisation for indexing (queries
 * use `words` and `identifiers`).
 */
function terms(text: string): string {
  return [...new Set(indexedWords(text))].join(' ');
}

export type KeywordSource = Pick<
  MessageRecord,
  'subject' | 'fromName' | 'fromAddress' | 'toJson' | 'ccJson' | 'attachmentsJson' | 'text' | 'attachmentTextJson'
>;

export const KEYWORD_SOURCE_COLUMNS = [
  'subject',
  'fromName',
  'fromAddress',
  'toJson',
  'ccJson',
  'attachmentsJson',
  'text',
  'attachmentTextJson',
] as const;

const peopleText = (people: Address[]): string => people.map((person) => `${person.name} ${person.address}`).join(' ');

export function keywordDocumentOf(record: KeywordSource): KeywordDocument {
  const people = [
    record.fromName,
    record.fromAddress,
    peopleText(decodeAddresses(record.toJson, 'toJson')),
    peopleText(decodeAddresses(record.ccJson, 'ccJson')),
  ].join(' ');
  const attachmentText = decodeAttachmentTexts(record.attachmentTextJson)
    .map((item) => item.text)
    .join(' ');
  return {
    meta: terms(
      `${record.subject}\n${people}\n${decodeAttachments(record.attachmentsJson)
        .map((item) => item.filename)
        .join(' ')}`,
    ),
    content: terms(`${record.text.slice(0, MAX_INDEXED_CHARS)}\n${attachmentText.slice(0, MAX_INDEXED_CHARS)}`),
  };
}
