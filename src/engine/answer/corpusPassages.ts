// Test helper: the first messages of a shared corpus as answer passages, parsed by mailparser rather than by the
// engine, so a provider's tests read real mail without depending on the import.
import { simpleParser } from 'mailparser';
import { readCorpusMessages } from '../../../test/corpus';
import type { Passage } from './types';

/** Messages `from` to `count` - 1 of the corpus (only those are parsed), numbered from 1. */
export async function readCorpusPassages(corpus: string, count: number, from = 0): Promise<Passage[]> {
  const passages: Passage[] = [];
  for (const [index, bytes] of (await readCorpusMessages(corpus, count)).slice(from).entries()) {
    const mail = await simpleParser(bytes.subarray(bytes.indexOf(10) + 1));
    const sender = mail.from?.value[0];
    passages.push({
      n: index + 1,
      messageId: mail.messageId ?? `message-${index}`,
      subject: mail.subject ?? '',
      from: { name: sender?.name ?? '', address: sender?.address ?? '' },
      date: (mail.date ?? new Date(0)).toISOString(),
      text: `${mail.subject ?? ''}\n\n${mail.text ?? ''}`,
    });
  }
  return passages;
}

/** The passage of the message with this subject and sender, so expectations read like the mail. */
export function passageOf(passages: Passage[], subject: string, sender: string): Passage {
  const found = passages.find((passage) => passage.subject.includes(subject) && passage.from.name.includes(sender));
  if (found === undefined) throw new Error(`test: no message "${subject}" from ${sender}`);
  return found;
}
