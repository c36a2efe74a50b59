// Fetches one file into its .partial, resuming with an HTTP Range from the bytes already there.
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import type { DownloadFetch, DownloadResponse } from './downloadFetch';
import { connectionFailure, statusFailure } from './downloadErrors';

export interface FetchedBytes {
  /** Called as bytes arrive, with the host that sends them (the hub redirects large files to its CDN). */
  onBytes: (count: number, host: string) => void;
  /** Called when a server ignored the Range and the file starts over, with the bytes dropped. */
  onRestart: (droppedBytes: number) => void;
  fetch: DownloadFetch;
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => undefined))?.size ?? 0;
}

/** Fetches `url` into `target` until it holds `bytes` bytes; an abort (pause, cancel) leaves what arrived for a resume. */
export async function fetchFile(url: string, target: string, bytes: number, signal: AbortSignal, progress: FetchedBytes): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  let kept = await sizeOf(target);
  if (kept > bytes) {
    // More than the published size: not a prefix of this file, so it cannot be resumed.
    await rm(target, { force: true });
    progress.onRestart(kept);
    kept = 0;
  }
  if (kept === bytes) return;
  let response: DownloadResponse;
  try {
    response = await progress.fetch(url, { signal, headers: kept > 0 ? { range: `bytes=${kept}-` } : {} });
  } catch (error) {
    if (signal.aborted) throw error;
    throw connectionFailure(error, url, kept);
  }
  const servingHost = new URL(response.url || url).host;
  const isResumed = response.status === 206 && (response.headers.get('content-range') ?? '').startsWith(`bytes ${kept}-`);
  if (!response.ok || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    throw statusFailure(response.status, servingHost, `the file ${new URL(url).pathname}`);
  }
  if (kept > 0 && !isResumed) {
    // The server sent the whole file (it ignores Range), so the kept bytes are written over.
    progress.onRestart(kept);
    kept = 0;
  }
  const file = await open(target, isResumed ? 'a' : 'w');
  let received = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      await file.write(chunk);
      received += chunk.byteLength;
      progress.onBytes(chunk.byteLength, servingHost);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw connectionFailure(error, response.url || url, kept + received);
  } finally {
    await file.close();
  }
  if (kept + received !== bytes)
    throw new LanternError(
      'download-failed',
      `models: ${servingHost} ended ${new URL(url).pathname} after ${kept + received} of ${bytes} bytes; run the download again to resume`,
    );
}
