// Checks a backup through before anything trusts it: every table reads to its recorded row count, every file and attachment is whole.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ATTACHMENT_FOLDER } from '../store/attachmentStore';
import { digestAttachmentList, listAttachmentFiles, sha256OfFile, type AttachmentFile } from './backupDigest';
import { COPIED_FILES, readBackupManifest, type BackupManifest } from './backupFormat';
import { checkTables, type CheckFindings } from './checkTables';
import { errorMessage } from '../../shared/errorMessage';

/** What `verifyBackup` found: each check that passed, and each problem as a sentence. */
export interface BackupVerification {
  backupDir: string;
  /** The backup's format version. */
  version: number;
  createdAt: string;
  messages: number;
  checked: string[];
  /** Empty when the backup is whole. */
  problems: string[];
}

/** More than this many damaged attachments are counted rather than named, so one bad disk does not flood the report. */
const NAMED_ATTACHMENT_PROBLEMS = 10;
const SHA256_NAME = /^[0-9a-f]{64}$/;

async function checkFiles(backupDir: string, manifest: BackupManifest, findings: CheckFindings): Promise<void> {
  for (const name of manifest.files) {
    // Only the names a backup writes: a crafted manifest must not send the check elsewhere on disk.
    if (!(COPIED_FILES as readonly string[]).includes(name)) {
      findings.problems.push(`the manifest lists a file Lantern does not back up: "${String(name).slice(0, 80)}"`);
      continue;
    }
    const digest = manifest.fileDigests?.[name];
    try {
      const size = (await stat(join(backupDir, name))).size;
      if (digest && size !== digest.size) findings.problems.push(`file ${name} has ${size} bytes; the backup recorded ${digest.size}`);
      else if (digest && (await sha256OfFile(join(backupDir, name))) !== digest.sha256)
        findings.problems.push(`file ${name} does not match its recorded SHA-256`);
      else findings.checked.push(`file ${name}: ${digest ? 'size and SHA-256 match' : 'present'}`);
    } catch {
      findings.problems.push(`file ${name} is missing`);
    }
  }
}

/** Each attachment is named by the SHA-256 of its bytes, so its content is checked against its own name. */
async function checkAttachments(backupDir: string, manifest: BackupManifest, findings: CheckFindings): Promise<void> {
  let files: AttachmentFile[];
  try {
    files = await listAttachmentFiles(join(backupDir, ATTACHMENT_FOLDER));
  } catch (error) {
    findings.problems.push(`the attachments folder cannot be read: ${errorMessage(error)}`);
    return;
  }
  const expected = manifest.attachmentDigest?.count ?? manifest.attachments;
  if (expected !== undefined && files.length < expected) {
    findings.problems.push(`${expected - files.length} of ${expected} attachment files are missing`);
  } else if (expected !== undefined && files.length > expected) {
    findings.problems.push(`the backup holds ${files.length} attachment files; it recorded ${expected}`);
  } else if (manifest.attachmentDigest && digestAttachmentList(files).sha256 !== manifest.attachmentDigest.sha256) {
    findings.problems.push('the attachment files differ from the list the backup recorded (names or sizes changed)');
  }
  let damaged = 0;
  for (const file of files) {
    const isWhole = SHA256_NAME.test(file.name) && (await sha256OfFile(join(backupDir, ATTACHMENT_FOLDER, file.name))) === file.name;
    if (isWhole) continue;
    damaged += 1;
    if (damaged <= NAMED_ATTACHMENT_PROBLEMS)
      findings.problems.push(`attachment ${file.name.slice(0, 80)} does not match its SHA-256 name (damaged)`);
  }
  if (damaged > NAMED_ATTACHMENT_PROBLEMS)
    findings.problems.push(`and ${damaged - NAMED_ATTACHMENT_PROBLEMS} more damaged attachment files`);
  if (files.length > 0 && damaged === 0) findings.checked.push(`attachments: ${files.length} files, each matches its SHA-256 name`);
}

/**
 * Opens every table with LanceDB and reads it through, compares row counts with the manifest, and checks the copied
 * files and attachments. Throws only when the folder is not a usable backup at all (no manifest, a newer format);
 * damage is returned as `problems`. Restore refuses a backup with any.
 */
export async function verifyBackup(backupDir: string): Promise<BackupVerification> {
  const folder = resolve(backupDir);
  const manifest = await readBackupManifest(folder);
  const findings = await checkTables(join(folder, 'lancedb'), manifest.tables, true);
  if (!manifest.tables.some((table) => table.name === 'messages')) findings.problems.push('the backup records no messages table');
  await checkFiles(folder, manifest, findings);
  await checkAttachments(folder, manifest, findings);
  findings.checked.push('keyword index: not kept in backups; rebuilt from the messages when the restored store first opens');
  return { backupDir: folder, version: manifest.version, createdAt: manifest.createdAt, messages: manifest.messages, ...findings };
}
