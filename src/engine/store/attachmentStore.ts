// The data folder's attachment store: each attachment's bytes once, in a file named by their SHA-256.
import { nodeCrypto } from '../nodeCrypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The store's folder inside a data folder; backups copy it (see backupStore). */
export const ATTACHMENT_FOLDER = 'attachments';

/** Larger attachments are listed and searched but not kept: a copy of every big video would double the archive. */
export const MAX_STORED_ATTACHMENT_BYTES = 100 * 1024 * 1024;

/** Bytes to keep, named by their hash; computed on the parsing thread and written by the importer, the one writer. */
export interface AttachmentBlob {
  contentHash: string;
  bytes: Uint8Array;
}

const HASH = /^[0-9a-f]{64}$/;

export function attachmentFolder(dataDir: string): string {
  return join(dataDir, ATTACHMENT_FOLDER);
}

/** Where the copy with this hash lives; refuses anything but a SHA-256 hex, so no name can point outside the folder. */
export function storedAttachmentPath(dataDir: string, contentHash: string): string {
  if (!HASH.test(contentHash)) throw new Error(`attachments: "${contentHash.slice(0, 80)}" is not a SHA-256 hash`);
  return join(attachmentFolder(dataDir), contentHash);
}

async function isPresent(path: string, size: number): Promise<boolean> {
  try {
    return (await stat(path)).size === size;
  } catch {
    return false;
  }
}

/** Creates the store's folder; the importer does it once per file, not once per message. */
export async function makeAttachmentFolder(dataDir: string): Promise<void> {
  await mkdir(attachmentFolder(dataDir), { recursive: true });
}

/**
 * Writes each blob not already stored into the folder `makeAttachmentFolder` made: to a temporary name first, then
 * renamed, so a crash never leaves a half-written file under a hash name. Files are never changed once written, so
 * mail that shares one is safe.
 */
export async function keepAttachments(dataDir: string, blobs: readonly AttachmentBlob[]): Promise<void> {
  const folder = attachmentFolder(dataDir);
  for (const blob of blobs) {
    const path = storedAttachmentPath(dataDir, blob.contentHash);
    if (await isPresent(path, blob.bytes.length)) continue;
    const temporary = join(folder, `.${blob.contentHash}.${nodeCrypto().randomBytes(6).toString('hex')}.partial`);
    try {
      await writeFile(temporary, blob.bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
