// Checksums a backup records and verifies: each copied file's size and SHA-256, and the list of attachment files.
import { nodeCrypto } from '../nodeCrypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttachmentListDigest, FileDigest } from './backupFormat';

/** The SHA-256 of a file's bytes, read as a stream so a large attachment is never held in memory. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = nodeCrypto().createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export async function digestFile(path: string): Promise<FileDigest> {
  return { size: (await stat(path)).size, sha256: await sha256OfFile(path) };
}

export interface AttachmentFile {
  name: string;
  size: number;
}

/** The attachment store's files (names starting with "." are writes in progress, never part of the store). */
export async function listAttachmentFiles(folder: string): Promise<AttachmentFile[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => !name.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: AttachmentFile[] = [];
  for (const name of names) files.push({ name, size: (await stat(join(folder, name))).size });
  return files;
}

export function digestAttachmentList(files: readonly AttachmentFile[]): AttachmentListDigest {
  const hash = nodeCrypto().createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    hash.update(`${file.name} ${file.size}\n`);
    bytes += file.size;
  }
  return { count: files.length, bytes, sha256: hash.digest('hex') };
}
