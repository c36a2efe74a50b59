// Every message of a slice's store with its subject and text, read through the engine's own API (listing, getMessage).
import type { Engine } from '../src/engine/api/engineTypes';
import { listMessages } from './subjectSweep';

export interface SliceMessage {
  messageId: string;
  /** Message-IDs of its identical copies (same sender, subject and body), which the store holds as well. */
  copyMessageIds: string[];
  /** Sender as "Name <address>", for whoever describes a drawn mail. */
  from: string;
  subject: string;
  /** The body text as the reader shows it (attachments' text not included). */
  text: string;
}

export async function readSliceMessages(engine: Engine): Promise<SliceMessage[]> {
  const messages: SliceMessage[] = [];
  for (const listed of await listMessages(engine)) {
    const detail = await engine.getMessage(listed.id);
    if (!detail) throw new Error(`eval: message ${listed.messageId} is listed but getMessage(${listed.id}) found nothing`);
    messages.push({
      messageId: listed.messageId,
      copyMessageIds: listed.copyMessageIds,
      from: `${detail.from.name} <${detail.from.address}>`,
      subject: detail.subject,
      text: detail.text,
    });
  }
  return messages;
}
