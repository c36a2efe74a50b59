// Test helpers: read the shared corpora independently of the engine's own mbox reader.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';

export const repoRoot = resolve(import.meta.dirname, '..');
export const sharedDir = resolve(repoRoot, '../shared');
export const corpusPath = (name: string): string => join(sharedDir, 'corpora', name);

if (!existsSync(sharedDir)) throw new Error(`tests need the shared data folder at ${sharedDir}`);

/** Splits an mbox with a plain regular expression (not the engine's splitter), stopping after `limit` messages. */
export async function readCorpusMessages(name: string, limit = Infinity): Promise<Buffer[]> {
  const stream = createReadStream(corpusPath(name)).pipe(createGunzip());
  let text = '';
  const messages: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    text += chunk.toString('latin1');
    const parts = text.split(/\n(?=From \S+\s.*\d{1,2}:\d{2})/);
    text = parts.pop()!;
    for (const part of parts) {
      if (messages.length < limit) messages.push(Buffer.from(part, 'latin1'));
    }
    if (messages.length >= limit) break;
  }
  stream.destroy();
  if (messages.length < limit && text.trim() !== '') messages.push(Buffer.from(text, 'latin1'));
  return messages;
}

/** Joins messages (each starting with its "From " line) back into mbox bytes. */
export function toMbox(messages: Buffer[]): Buffer {
  return Buffer.concat(messages.flatMap((message) => [message, Buffer.from(message.at(-1) === 0x0a ? '\n' : '\n\n')]));
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lantern-test-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'lantern-test-'));
}
