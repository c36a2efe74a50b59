// Copies the attachment store into a backup: hard links where the file system allows, copies where it does not.
import { copyFile, link, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ATTACHMENT_FOLDER } from '../store/attachmentStore';
import { digestAttachmentList, listAttachmentFiles } from './backupDigest';
import type { AttachmentListDigest } from './backupFormat';

/**
 * Backups include the attachments, so a restored store opens them like the one it replaced. Stored files are never
 * changed once written (they are named by their hash), so a hard link is as good as a copy and costs no space;
 * rotated backups on the same disk then share one copy of each file. Copied after the tables were read, so every
 * attachment the backed-up messages name is already there (the importer writes files before their messages).
 * Returns the list digest of the files the backup holds, which restore checks.
 */
export async function copyAttachmentStore(dataDir: string, backupDir: string): Promise<AttachmentListDigest> {
  const files = await listAttachmentFiles(join(dataDir, ATTACHMENT_FOLDER));
  if (files.length === 0) return digestAttachmentList(files);
  const to = join(backupDir, ATTACHMENT_FOLDER);
  await mkdir(to, { recursive: true });
  for (const { name } of files) {
    try {
      await link(join(dataDir, ATTACHMENT_FOLDER, name), join(to, name));
    } catch {
      // Another disk (EXDEV), or a file system without hard links.
      await copyFile(join(dataDir, ATTACHMENT_FOLDER, name), join(to, name));
    }
  }
  return digestAttachmentList(files);
}
