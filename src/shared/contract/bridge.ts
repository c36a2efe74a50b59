// What the Electron preload exposes as window.lantern: one function per API call, answering outcomes, not throws.
import type { ApiArguments, ApiMethod, ApiResult, LanternEventListener } from './api';
import type { WireError } from './errors';
import type { AttachmentOutcome, AttachmentRef } from '../model/attachment';

/** A call's outcome as data, because Electron IPC and contextBridge keep only the message of a thrown error. */
export type CallOutcome<T> = { ok: true; result: T } | { ok: false; error: WireError };

/** The API with outcomes instead of throws: the preload's per-method functions and main's handlers. */
export type OutcomeApi = {
  [M in ApiMethod]: (...args: ApiArguments<M>) => Promise<CallOutcome<ApiResult<M>>>;
};

export type ElectronBridge = OutcomeApi & {
  subscribe(listener: LanternEventListener): () => void;
  /** The OS path of a file dropped on the window (Electron's webUtils.getPathForFile). */
  pathForFile(file: File): string;
  /** Opens an attachment from a temporary copy with the user's program (programs and scripts refused). */
  openAttachment(ref: AttachmentRef): Promise<CallOutcome<AttachmentOutcome>>;
  /** Saves an attachment where the user chooses in a save dialog. */
  saveAttachment(ref: AttachmentRef): Promise<CallOutcome<AttachmentOutcome>>;
  /** Saves the answer endpoint's API key encrypted by the OS keychain (null forgets it); the engine restarts with it. */
  setApiKey(key: string | null): Promise<CallOutcome<null>>;
};
