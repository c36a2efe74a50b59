// Names each attachment's bytes by their SHA-256 on the parsing thread, and says which are too large to keep.
import { createHash } from 'node:crypto';
import type { AttachmentInfo } from '../../../shared/model/message';
import type { AttachmentBlob } from '../../store/attachmentStore';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

export interface HashedAttachments {
  attachments: AttachmentInfo[];
  /** One blob per distinct hash of this message; the importer writes them. */
  blobs: AttachmentBlob[];
}

/** `contents[i]` holds the bytes of `attachments[i]`. */
export function hashAttachments(
  attachments: readonly AttachmentInfo[],
  contents: readonly Uint8Array[],
  maxStoredBytes: number,
): HashedAttachments {
  const blobs = new Map<string, AttachmentBlob>();
  const hashed = attachments.map((attachment, index): AttachmentInfo => {
    const bytes = contents[index] ?? new Uint8Array();
    if (bytes.length > maxStoredBytes) {
      return {
        ...attachment,
        notStored: `“${attachment.filename}” (${megabytes(bytes.length)}) was not kept: Lantern keeps attachments up to ${megabytes(maxStoredBytes)}; open it from the original mail`,
      };
    }
    const contentHash = createHash('sha256').update(bytes).digest('hex');
    if (!blobs.has(contentHash)) blobs.set(contentHash, { contentHash, bytes });
    return { ...attachment, contentHash };
  });
  return { attachments: hashed, blobs: [...blobs.values()] };
}
