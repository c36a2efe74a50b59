// Writes the messages of a search as one mbox file or a folder of .eml files, original bytes where they can be read.
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LanternApi } from '../../shared/contract/api';
import { LanternError } from '../../shared/contract/errors';
import type { MessageDetail } from '../../shared/model/message';
import { appendMboxMessage } from './mboxWriter';
import { readMboxMessagesAt } from './originalMessages';
import { rebuildMessage } from './rebuildMessage';

export type ExportFormat = 'mbox' | 'eml';

export interface ExportRequest {
  query: string;
  format: ExportFormat;
  /** The .mbox file to create, or the folder to fill with .eml files (missing or empty). */
  target: string;
}

export interface ExportReport {
  exported: number;
  /** Written from the bytes of the file they were imported from. */
  original: number;
  /** Rebuilt from the store (their source was an archive or PST, or has moved): text and headers, no attachments. */
  rebuilt: number;
  target: string;
}

const PAGE = 500;

type ExportApi = Pick<LanternApi, 'search' | 'getMessage' | 'getStats'>;

async function matchingMessages(api: ExportApi, query: string): Promise<MessageDetail[]> {
  const messages: MessageDetail[] = [];
  for (let offset = 0; ; offset += PAGE) {
    // Keyword mode: the export holds exactly the messages the operators select, never "similar" ones.
    const page = await api.search({ query, limit: PAGE, offset, sort: 'date', mode: 'keyword' });
    for (const hit of page.hits) {
      const message = await api.getMessage(hit.id);
      if (message) messages.push(message);
    }
    if (page.hits.length < PAGE || offset + PAGE >= page.total) return messages;
  }
}

/** Original bytes by message id, for messages imported from mbox files that are still where they were. */
async function originals(api: ExportApi, messages: MessageDetail[], signal: AbortSignal): Promise<Map<string, Buffer>> {
  const mboxSources = new Set((await api.getStats()).sources.filter((source) => source.kind === 'mbox').map((source) => source.id));
  const byFile = new Map<string, MessageDetail[]>();
  for (const message of messages) {
    if (!mboxSources.has(message.origin.sourceId) || message.origin.offset < 0) continue;
    byFile.set(message.origin.file, [...(byFile.get(message.origin.file) ?? []), message]);
  }
  const found = new Map<string, Buffer>();
  for (const [file, wanted] of byFile) {
    const bytes = await readMboxMessagesAt(file, new Set(wanted.map((message) => message.origin.offset)), signal);
    for (const message of wanted) {
      const original = bytes.get(message.origin.offset);
      // The file may have changed since the import: only bytes that still carry the message's own id count.
      if (original && (!message.messageId || original.includes(message.messageId))) found.set(message.id, original);
    }
  }
  return found;
}

function emlName(message: MessageDetail): string {
  const day = message.date.slice(0, 10);
  const subject =
    message.subject
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'no-subject';
  return `${day}-${subject}-${message.id}.eml`;
}

async function ensureFreeTarget(target: string, format: ExportFormat): Promise<void> {
  const info = await stat(target).catch(() => null);
  if (!info) return;
  if (format === 'mbox') throw new LanternError('bad-request', `export: ${target} already exists; choose a new file name`);
  if (!info.isDirectory() || (await readdir(target)).length > 0)
    throw new LanternError('bad-request', `export: ${target} is not an empty folder`);
}

export async function exportMessages(
  api: ExportApi,
  request: ExportRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<ExportReport> {
  if (request.format !== 'mbox' && request.format !== 'eml')
    throw new LanternError('bad-request', `export: the format must be mbox or eml, not "${String(request.format)}"`);
  const target = resolve(request.target);
  await ensureFreeTarget(target, request.format);
  const messages = await matchingMessages(api, request.query);
  const found = await originals(api, messages, signal);
  const bytesOf = (message: MessageDetail): Buffer => found.get(message.id) ?? rebuildMessage(message);
  const staging = `${target}.partial`;
  await rm(staging, { recursive: true, force: true });
  try {
    if (request.format === 'mbox') {
      const file = await open(staging, 'w');
      try {
        for (const message of messages) await appendMboxMessage(file, message.from.address, new Date(message.date), bytesOf(message));
      } finally {
        await file.close();
      }
    } else {
      await mkdir(staging, { recursive: true });
      for (const message of messages) await writeFile(join(staging, emlName(message)), bytesOf(message));
    }
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { exported: messages.length, original: found.size, rebuilt: messages.length - found.size, target };
}
