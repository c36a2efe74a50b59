// `lantern attachment <id> <index|filename>`: writes one attachment of a message to a file and says where.
import { constants } from 'node:fs';
import { copyFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isExecutableAttachment } from '../../shared/attachments/executableAttachment';
import { safeAttachmentName } from '../../shared/attachments/safeAttachmentName';
import type { AttachmentInfo } from '../../shared/model/message';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { UsageError } from '../usage';

export interface AttachmentFlags {
  out?: string;
  force?: boolean;
}

function listing(attachments: readonly AttachmentInfo[]): string {
  return attachments.map((attachment, index) => `${index} ${attachment.filename}`).join(', ');
}

/** A name as the mail gives it (or as it would be saved) wins over a number, so a file called "2" can still be asked for. */
function attachmentIndex(id: string, which: string, attachments: readonly AttachmentInfo[]): number {
  if (attachments.length === 0) throw new UsageError(`lantern attachment: message ${id} has no attachments`);
  const named = attachments.flatMap((attachment, index) =>
    attachment.filename === which || safeAttachmentName(attachment.filename, index) === which ? [index] : [],
  );
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    throw new UsageError(
      `lantern attachment: ${named.length} attachments are named "${which}"; give an index instead (${named.join(', ')})`,
    );
  if (/^\d+$/.test(which) && Number(which) < attachments.length) return Number(which);
  throw new UsageError(
    `lantern attachment: message ${id} has no attachment "${which}"; it has: ${listing(attachments)} (index counted from 0)`,
  );
}

async function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

export async function runAttachment(
  id: string | undefined,
  which: string | undefined,
  flags: AttachmentFlags,
  dataDir: string,
  json: boolean,
): Promise<number> {
  if (!id || which === undefined)
    throw new UsageError(
      'lantern attachment: give a message id and an attachment index or name, e.g. lantern attachment <id> 0 --out ~/Downloads',
    );
  const engine = await openCliEngine(dataDir, { access: 'read' });
  try {
    const message = await engine.getMessage(id);
    if (!message) throw new UsageError(`lantern attachment: no message with id ${id}`);
    const index = attachmentIndex(id, which, message.attachments);
    const file = await engine.attachmentFile({ messageId: id, index });
    const target =
      flags.out === undefined
        ? resolve(file.filename)
        : (await isFolder(flags.out))
          ? resolve(flags.out, file.filename)
          : resolve(flags.out);
    try {
      await copyFile(file.path, target, flags.force ? 0 : constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new UsageError(`lantern attachment: ${target} already exists; pass --force to overwrite it`);
      throw new UsageError(`lantern attachment: cannot write ${target} (${(error as Error).message})`);
    }
    if (json) printJson({ path: target, filename: file.filename, contentType: file.contentType, size: file.size });
    else {
      const warning = isExecutableAttachment(file.filename, file.contentType)
        ? ' It is a program or script: check it before running it.'
        : '';
      printText(`Saved ${file.filename} (${file.size.toLocaleString('en')} bytes) to ${target}.${warning}`);
    }
    return 0;
  } finally {
    await engine.close();
  }
}
