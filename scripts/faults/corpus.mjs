// The fault runs' mail: the first messages of a shared list archive, written as a few mbox files into a temp folder.
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';

/** The usrp-users slice has HTML mail and image, pdf and zip attachments, so imports keep attachment files too. */
export const CORPUS_FILE = resolve(import.meta.dirname, '../../../shared/corpora/usrp-users-list.mbox.gz');

/** Reads the first `limit` messages, split at mboxrd "From " lines (the engine's own reader is what is under test). */
async function readMessages(limit) {
  const stream = createReadStream(CORPUS_FILE).pipe(createGunzip());
  const messages = [];
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString('latin1');
    const parts = text.split(/\n(?=From \S+\s.*\d{1,2}:\d{2})/);
    text = parts.pop();
    messages.push(...parts);
    if (messages.length >= limit) break;
  }
  stream.destroy();
  if (messages.length < limit) throw new Error(`faults: ${CORPUS_FILE} holds only ${messages.length} messages, ${limit} wanted`);
  return messages.slice(0, limit);
}

async function writeMbox(path, messages) {
  await writeFile(path, Buffer.from(`${messages.join('\n')}\n`, 'latin1'));
  return path;
}

/**
 * Three parts imported one after another (incremental imports), and the first part again as `sliceCount` small files:
 * each file an import commits as its own fragment, so a store of all but the last slice is one import short of the
 * engine's fragment merge.
 */
export async function writeCorpus(folder, { messagesPerPart, sliceCount }) {
  const messages = await readMessages(messagesPerPart * 3);
  const parts = [];
  for (let index = 0; index < 3; index += 1) {
    parts.push(await writeMbox(join(folder, `part${index}.mbox`), messages.slice(index * messagesPerPart, (index + 1) * messagesPerPart)));
  }
  const sliceSize = Math.ceil(messagesPerPart / sliceCount);
  const slices = [];
  for (let index = 0; index < sliceCount; index += 1) {
    const name = `slice${String(index).padStart(2, '0')}.mbox`;
    slices.push(await writeMbox(join(folder, name), messages.slice(index * sliceSize, Math.min(messagesPerPart, (index + 1) * sliceSize))));
  }
  return { parts, slices };
}
