// Finds the stored copy of one attachment of one message, or says plainly why there is none.
import { stat } from 'node:fs/promises';
import { LanternError } from '../../shared/contract/errors';
import type { AttachmentFile, AttachmentRef } from '../../shared/model/attachment';
import { safeAttachmentName } from '../../shared/attachments/safeAttachmentName';
import type { Catalog } from '../index/catalog';
import type { MessageStore } from './messageStore';
import { attachmentFolder, storedAttachmentPath } from './attachmentStore';

async function sourceFileOf(id: string, store: MessageStore): Promise<string> {
  const [row] = await store.getColumns([id], ['sourceFile']);
  return row?.sourceFile ? row.sourceFile : 'the file it came from';
}

async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

export async function attachmentFile(ref: AttachmentRef, dataDir: string, catalog: Catalog, store: MessageStore): Promise<AttachmentFile> {
  const ordinal = catalog.ordinalOf(ref.messageId);
  if (ordinal === undefined) throw new LanternError('not-found', `attachment: no message with id ${ref.messageId}`);
  const attachments = catalog.attachments(ordinal);
  const attachment = Number.isInteger(ref.index) && ref.index >= 0 ? attachments[ref.index] : undefined;
  if (!attachment) {
    const count = attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`;
    throw new LanternError(
      'not-found',
      `attachment: message ${ref.messageId} has ${count}; there is none at index ${ref.index} (counted from 0)`,
    );
  }
  const filename = safeAttachmentName(attachment.filename, ref.index);
  if (attachment.notStored) throw new LanternError('not-found', `attachment: ${attachment.notStored}`);
  if (!attachment.contentHash) {
    throw new LanternError(
      'not-found',
      `attachment: “${filename}” was imported before Lantern kept attachment files; re-import the file to open its attachments (${await sourceFileOf(ref.messageId, store)})`,
    );
  }
  const path = storedAttachmentPath(dataDir, attachment.contentHash);
  const size = await fileSize(path);
  if (size === null) {
    throw new LanternError(
      'not-found',
      `attachment: the stored copy of “${filename}” is missing from ${attachmentFolder(dataDir)}; re-import the file to open its attachments (${await sourceFileOf(ref.messageId, store)})`,
    );
  }
  return { path, filename, contentType: attachment.contentType, size };
}
