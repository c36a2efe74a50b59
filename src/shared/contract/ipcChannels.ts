// The desktop app's IPC channel names, shared by the preload (which invokes them) and main (which handles them).
import type { ApiMethod } from './api';

/** One invoke channel per API method; Electron itself refuses a channel main has no handler for. */
export function callChannel(method: ApiMethod): `lantern:${ApiMethod}` {
  return `lantern:${method}`;
}

/** Saves (or, with null, forgets) the answer endpoint's API key in the OS keychain; Electron only. */
export const API_KEY_CHANNEL = 'lantern:set-api-key';

/** Opens or saves an attachment; answered by main itself (temporary copy, shell, save dialog), not the engine. */
export const OPEN_ATTACHMENT_CHANNEL = 'lantern:open-attachment';
export const SAVE_ATTACHMENT_CHANNEL = 'lantern:save-attachment';

/** Main pushes every LanternEvent to the window on this one channel. */
export const EVENT_CHANNEL = 'lantern:event';
