// What to do with one file inside an archive or a dropped folder: split it as mbox, read it as one message, or skip it.
import { basename, dirname } from 'node:path';
import { MAX_MESSAGE_BYTES, type RawMail } from '../rawMail';

export type EntryKind = 'mbox' | 'message' | 'skip';

/** Takeout names its mbox files `*.mbox`; readpst -r writes files called `mbox`; .eml files hold one message each. */
export function archiveEntryKind(name: string): EntryKind {
  const file = basename(name).toLowerCase();
  if (name.endsWith('/') || file.startsWith('.') || name.includes('__MACOSX/')) return 'skip';
  if (file.endsWith('.mbox') || file === 'mbox' || file.endsWith('.mbx')) return 'mbox';
  if (file.endsWith('.eml')) return 'message';
  return 'skip';
}

/** "Takeout/Mail/Inbox.mbox" → "Inbox"; readpst's "Inbox/mbox" → "Inbox". */
export function mboxEntryFolder(name: string): string {
  const file = basename(name);
  if (file.toLowerCase() === 'mbox') return basename(dirname(name)) || 'mbox';
  return file.replace(/\.(mbox|mbx)$/i, '');
}

/** Reads one whole message file (an .eml) from a stream, with a size cap. */
export async function singleMessage(
  stream: AsyncIterable<Buffer> & { destroy(): void },
  position: string,
  folder: string | null = null,
): Promise<RawMail> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_MESSAGE_BYTES) {
      stream.destroy();
      return { kind: 'failure', position, reason: `message file larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB; skipped` };
    }
    chunks.push(chunk);
  }
  return { kind: 'message', bytes: Buffer.concat(chunks), offset: -1, position, placement: { folder, labels: [] } };
}
