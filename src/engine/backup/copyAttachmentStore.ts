// Copies the attachment store into a backup: hard links where the file system allows, copies where it does not.
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ATTACHMENT_FOLDER } from '../attachments/attachmentStore';

/**
 * Backups include the attachments, so a restored store opens them like the one it replaced. Stored files are never
 * changed once written (they are named by their hash), so a hard link is as good as a copy and costs no space;
 * rotated backups on the same disk then share one copy of each file. Copied after the tables were read, so every
 * attachment the backed-up messages name is already there (the importer writes files before their messages).
 * Returns how many files the backup holds.
 */
export async function copyAttachmentStore(dataDir: string, backupDir: string): Promise<number> {
  const from = join(dataDir, ATTACHMENT_FOLDER);
  let names: string[];
  try {
    names = (await readdir(from)).filter((name) => !name.startsWith('.'));
  } catch {
    return 0;
  }
  const to = join(backupDir, ATTACHMENT_FOLDER);
  await mkdir(to, { recursive: true });
  for (const name of names) {
    try {
      await link(join(from, name), join(to, name));
    } catch {
      // Another disk (EXDEV), or a file system without hard links.
      await copyFile(join(from, name), join(to, name));
    }
  }
  return names.length;
}
