// Open and Save for an attachment in the desktop app: the engine's stored copy, then a temporary copy or the chosen file.
import { copyFile } from 'node:fs/promises';
import type { CallOutcome } from '../shared/contract/bridge';
import { attachmentRef } from '../shared/contract/apiSchemas';
import { executableRefusal, isExecutableAttachment } from '../shared/attachments/executableAttachment';
import type { AttachmentFile, AttachmentOutcome, AttachmentRef } from '../shared/model/attachment';
import { copyForOpening } from './attachmentCopy';
import { errorMessage } from '../shared/errorMessage';

/** What the actions need from Electron and the engine; src/main/attachmentIpc.ts passes the real ones. */
export interface AttachmentHost {
  storedFile(ref: AttachmentRef): Promise<CallOutcome<AttachmentFile>>;
  /** Electron's shell.openPath: '' when a program took the file, else why not. */
  openPath(path: string): Promise<string>;
  /** A save dialog offering this name; null when the user cancels. */
  chooseSavePath(filename: string): Promise<string | null>;
  /** Where opened copies go (the OS temporary folder). */
  temporaryRoot: string;
}

export type AttachmentAction = 'open' | 'save';

export async function openAttachment(ref: AttachmentRef, host: AttachmentHost): Promise<CallOutcome<AttachmentOutcome>> {
  const stored = await host.storedFile(ref);
  if (!stored.ok) return stored;
  const { path: storedPath, filename, contentType } = stored.result;
  if (isExecutableAttachment(filename, contentType))
    return { ok: false, error: { code: 'bad-request', message: executableRefusal(filename) } };
  const copy = await copyForOpening(storedPath, filename, host.temporaryRoot);
  const problem = await host.openPath(copy);
  if (problem)
    return {
      ok: false,
      error: { code: 'internal', message: `No program opened “${filename}” (${problem}); save it and open it from there` },
    };
  return { ok: true, result: { kind: 'opened', path: copy } };
}

export async function saveAttachment(ref: AttachmentRef, host: AttachmentHost): Promise<CallOutcome<AttachmentOutcome>> {
  const stored = await host.storedFile(ref);
  if (!stored.ok) return stored;
  const target = await host.chooseSavePath(stored.result.filename);
  if (target === null) return { ok: true, result: { kind: 'cancelled' } };
  await copyFile(stored.result.path, target);
  return { ok: true, result: { kind: 'saved', path: target } };
}

export interface AttachmentGate {
  isTrustedSender: boolean;
  senderUrl: string;
  host: AttachmentHost;
}

/** Like every API call: the sender checked, the argument checked (zod), then the action; it never rejects. */
export async function gateAttachmentAction(
  action: AttachmentAction,
  raw: unknown[],
  gate: AttachmentGate,
): Promise<CallOutcome<AttachmentOutcome>> {
  const name = `${action}Attachment`;
  if (!gate.isTrustedSender) {
    console.error(`ipc: refused ${name} from ${gate.senderUrl}`);
    return { ok: false, error: { code: 'bad-request', message: `ipc: ${name} may only be called by the Lantern window` } };
  }
  const parsed = attachmentRef.safeParse(raw.length === 1 ? raw[0] : undefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'argument'}: ${issue.message}`).join('; ');
    return { ok: false, error: { code: 'bad-request', message: `ipc: ${name} takes one {messageId, index} (${problems})` } };
  }
  try {
    return action === 'open' ? await openAttachment(parsed.data, gate.host) : await saveAttachment(parsed.data, gate.host);
  } catch (error) {
    console.error(`ipc: ${name} failed`, error);
    return {
      ok: false,
      error: { code: 'internal', message: `${action === 'open' ? 'Opening' : 'Saving'} the attachment failed: ${errorMessage(error)}` },
    };
  }
}
