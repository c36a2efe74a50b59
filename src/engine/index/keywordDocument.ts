// What of a message goes into the keyword index: one definition for import and for rebuilds.
import type { Address } from '../../shared/model/message';
import type { MessageRecord } from '../store/messageRecord';
import { decodeAddresses, decodeAttachments, decodeAttachmentTexts } from '../store/recordColumns';
import type { KeywordDocument } from './keywordIndex';
import { distinctWords } from './distinctWords';

/** Indexing the first part of very long mails (patches, logs) keeps the index small; their subject and start still match. */
const MAX_INDEXED_CHARS = 100_000;

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

/** What goes into a message's keyword document, decoded: for import, which has it before the record's JSON. */
export interface KeywordParts {
  subject: string;
  fromName: string;
  fromAddress: string;
  to: Address[];
  cc: Address[];
  attachmentNames: string[];
  text: string;
  attachmentTexts: string[];
}

export function keywordDocumentOfParts(parts: KeywordParts): KeywordDocument {
  const people = [parts.fromName, parts.fromAddress, peopleText(parts.to), peopleText(parts.cc)].join(' ');
  const attachmentText = parts.attachmentTexts.join(' ');
  return {
    meta: distinctWords(`${parts.subject}\n${people}\n${parts.attachmentNames.join(' ')}`),
    content: distinctWords(`${parts.text.slice(0, MAX_INDEXED_CHARS)}\n${attachmentText.slice(0, MAX_INDEXED_CHARS)}`),
  };
}

export function keywordDocumentOf(record: KeywordSource): KeywordDocument {
  return keywordDocumentOfParts({
    subject: record.subject,
    fromName: record.fromName,
    fromAddress: record.fromAddress,
    to: decodeAddresses(record.toJson, 'toJson'),
    cc: decodeAddresses(record.ccJson, 'ccJson'),
    attachmentNames: decodeAttachments(record.attachmentsJson).map((item) => item.filename),
    text: record.text,
    attachmentTexts: decodeAttachmentTexts(record.attachmentTextJson).map((item) => item.text),
  });
}
