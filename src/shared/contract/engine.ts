// Host <-> engine messages: seq-numbered requests derived from LanternApi, the shutdown, and the engine's replies and events.
import type { ApiArguments, ApiMethod, ApiResult, LanternEvent } from './api';
import type { WireError } from './errors';

/** One call, as a discriminated union over the API's methods. */
export type EngineRequest = {
  [M in ApiMethod]: { seq: number; method: M; args: ApiArguments<M> };
}[ApiMethod];

/** Sent before the host quits or restarts the engine: the engine flushes its indexes and exits. */
export interface ShutdownMessage {
  kind: 'shutdown';
}

export const SHUTDOWN_MESSAGE: ShutdownMessage = { kind: 'shutdown' };

/** Everything a host sends the engine's process. */
export type HostMessage = EngineRequest | ShutdownMessage;

export function isShutdownMessage(data: unknown): data is ShutdownMessage {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)['kind'] === 'shutdown';
}

export type EngineReply = { kind: 'result'; seq: number; result: ApiResult<ApiMethod> } | { kind: 'error'; seq: number; error: WireError };

/** Everything the engine's process sends its host. */
export type EngineMessage = EngineReply | { kind: 'event'; event: LanternEvent } | { kind: 'ready' };
