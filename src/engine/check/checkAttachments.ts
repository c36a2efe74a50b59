// `lantern check`: each kept attachment re-hashed against its SHA-256 name, and every copy a message refers to present.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { attachmentFolder } from '../store/attachmentStore';
import { makePart, settle, type CheckPart } from './checkReport';

const HASH_NAME = /^[0-9a-f]{64}$/;
/** Messages named per problem; more are counted. */
const NAMED_MESSAGES = 5;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function messagesPhrase(ids: readonly string[]): string {
  const named = ids.slice(0, NAMED_MESSAGES).join(', ');
  return ids.length > NAMED_MESSAGES ? `${named} and ${ids.length - NAMED_MESSAGES} more` : named;
}

/**
 * A copy whose bytes no longer hash to its name is moved into `<dataDir>/damaged/` with --repair (never deleted); the
 * messages that refer to it are named, so their source can be imported again to bring the copy back.
 */
export async function checkAttachments(dataDir: string, users: ReadonlyMap<string, string[]> | null, repair: boolean): Promise<CheckPart> {
  const part = makePart('attachments');
  const folder = attachmentFolder(dataDir);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const copies = names.filter((candidate) => HASH_NAME.test(candidate));
  let damagedFolder: string | null = null;
  for (const name of copies) {
    const path = join(folder, name);
    const actual = await sha256Of(path);
    if (actual === name) continue;
    const referring = users?.get(name) ?? [];
    const who =
      referring.length > 0 ? `; messages that refer to it: ${messagesPhrase(referring)} (import their files again to bring it back)` : '';
    if (!repair) {
      part.problems.push(`attachments/${name} is damaged (its bytes hash to ${actual.slice(0, 12)}…)${who}`);
      continue;
    }
    damagedFolder ??= join(dataDir, 'damaged', `${new Date().toISOString().replace(/[:.]/g, '-')}-attachments`);
    await mkdir(damagedFolder, { recursive: true });
    await rename(path, join(damagedFolder, name));
    part.repaired.push(`attachments/${name} was damaged: moved into ${damagedFolder}${who}`);
  }
  part.checked.push(`${copies.length} attachment files re-hashed`);
  if (users) {
    const found = new Set(copies);
    for (const [hash, referring] of users) {
      if (found.has(hash)) continue;
      part.problems.push(
        `attachments/${hash} is missing; messages that refer to it: ${messagesPhrase(referring)} (import their files again to bring it back)`,
      );
    }
  }
  return settle(part);
}
