// Digests a downloaded file the way its publisher did: SHA-256 for large (LFS) files, git's blob SHA-1 for small ones.
import { nodeCrypto } from '../nodeCrypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** What a file must be: its size and one digest. The hub publishes SHA-256 only for LFS files; small files have git's id. */
export interface ExpectedFile {
  bytes: number;
  digest: { kind: 'sha256' | 'git-blob-sha1'; hex: string };
}

async function digestFile(path: string, kind: ExpectedFile['digest']['kind']): Promise<string> {
  const hash = nodeCrypto().createHash(kind === 'sha256' ? 'sha256' : 'sha1');
  // Git names a blob by the SHA-1 of "blob <size>\0" followed by its bytes.
  if (kind === 'git-blob-sha1') hash.update(`blob ${(await stat(path)).size}\0`);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Null when the file is what was published, else the sentence saying how it differs. */
export async function fileMismatch(path: string, expected: ExpectedFile): Promise<string | null> {
  const size = (await stat(path)).size;
  if (size !== expected.bytes) return `it has ${size} bytes where ${expected.bytes} were published`;
  const actual = await digestFile(path, expected.digest.kind);
  if (actual !== expected.digest.hex.toLowerCase())
    return `its ${expected.digest.kind === 'sha256' ? 'SHA-256' : 'git blob SHA-1'} is ${actual}, not the published ${expected.digest.hex}`;
  return null;
}
