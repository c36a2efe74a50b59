// Reads the hub's listing of a repository (its tree API) for each file's size and digest, for files the catalogue cannot pin.
import type { ModelFile } from '../../shared/model/models';
import { LanternError } from '../../shared/contract/errors';
import type { DownloadFetch, DownloadResponse } from './downloadFetch';
import { connectionFailure, statusFailure } from './downloadErrors';
import { treeUrl } from './downloadSource';
import type { ExpectedFile } from './fileDigest';

interface TreeEntry {
  type?: string;
  path?: string;
  size?: number;
  oid?: string;
  lfs?: { oid?: string; size?: number };
}

function expectedOf(entry: TreeEntry): ExpectedFile | null {
  if (entry.lfs?.oid && typeof entry.lfs.size === 'number')
    return { bytes: entry.lfs.size, digest: { kind: 'sha256', hex: entry.lfs.oid } };
  if (entry.oid && typeof entry.size === 'number') return { bytes: entry.size, digest: { kind: 'git-blob-sha1', hex: entry.oid } };
  return null;
}

/**
 * What each file must be: the catalogue's SHA-256 where it has one, else what the source's listing publishes. A file
 * with neither is refused, since a file that cannot be checked is never used.
 */
export async function expectedFiles(
  files: readonly ModelFile[],
  source: { base: string; repository: string; revision: string },
  signal: AbortSignal,
  fetch: DownloadFetch,
): Promise<Map<string, ExpectedFile>> {
  const expected = new Map<string, ExpectedFile>();
  for (const file of files)
    if (file.sha256 !== null && file.isSizeExact)
      expected.set(file.path, { bytes: file.bytes, digest: { kind: 'sha256', hex: file.sha256 } });
  if (expected.size === files.length) return expected;
  const url = treeUrl(source.base, source.repository, source.revision);
  const host = new URL(url).host;
  let response: DownloadResponse;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw connectionFailure(error, url, 0);
  }
  if (!response.ok) throw statusFailure(response.status, host, `the file listing of ${source.repository} (needed for its checksums)`);
  const listing = (await response.json().catch(() => null)) as TreeEntry[] | null;
  if (!Array.isArray(listing))
    throw new LanternError('download-failed', `models: ${host} sent a file listing of ${source.repository} that is not JSON`);
  for (const file of files) {
    if (expected.has(file.path)) continue;
    const entry = listing.find((candidate) => candidate.path === file.path);
    const published = entry ? expectedOf(entry) : null;
    if (!published)
      throw new LanternError(
        'download-failed',
        `models: ${host} publishes no checksum for ${source.repository}/${file.path}, so Lantern will not use it`,
      );
    expected.set(file.path, published);
  }
  return expected;
}
