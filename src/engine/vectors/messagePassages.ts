// The passages a message gets vectors for: the chunker's windows of its subject, body and attachment texts.
import { chunkMessage } from '../embed/chunker';
import type { Chunker, Passage, PassageInput } from './embeddingStage';

/** The chunker the app embeds with: body windows carry origin 'body', attachment windows the file's name. */
export const chunkForEmbedding: Chunker = (message) =>
  chunkMessage({ subject: message.subject, body: message.text, attachments: message.attachments }).map((chunk) => ({
    text: chunk.text,
    origin: chunk.origin === 'subject+body' ? 'body' : chunk.origin.attachment,
  }));

/** The chunker's passages, or the subject alone for a message with no text: every message gets at least one vector. */
export function passagesToEmbed(chunker: Chunker, message: PassageInput): Passage[] {
  const passages = chunker(message);
  return passages.length > 0 ? passages : [{ text: message.subject || '(no subject)', origin: 'body' }];
}
