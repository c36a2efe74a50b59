// IPC channel names shared by the preload (which invokes them) and main (which handles them).
import type { ApiMethod } from '../shared/contract/api';

/** One invoke channel per API method, so main can validate each method's arguments on its own channel. */
export function callChannel(method: ApiMethod): `lantern:${ApiMethod}` {
  return `lantern:${method}`;
}

/** Main pushes every LanternEvent to the window on this one channel. */
export const EVENT_CHANNEL = 'lantern:event';
