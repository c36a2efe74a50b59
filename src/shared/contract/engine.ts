// Host <-> engine messages: seq-numbered requests derived from LanternApi, and the engine's replies and events.
import type { ApiArguments, ApiMethod, ApiResult, LanternEvent } from './api';
import type { WireError } from './errors';

/** One call, as a discriminated union over the API's methods. */
export type EngineRequest = {
  [M in ApiMethod]: { seq: number; method: M; args: ApiArguments<M> };
}[ApiMethod];

export type EngineReply =
  | { kind: 'result'; seq: number; result: ApiResult<ApiMethod> }
  | { kind: 'error'; seq: number; error: WireError };

export type EngineMessage = EngineReply | { kind: 'event'; event: LanternEvent } | { kind: 'ready' };

// A record, not a list, so that adding a method to LanternApi without listing it here does not compile.
const METHOD_SET = {
  search: true,
  getMessage: true,
  attachmentFile: true,
  listFolders: true,
  getStats: true,
  importPaths: true,
  cancelImport: true,
  embed: true,
  ask: true,
  cancelAsk: true,
  complete: true,
  getSettings: true,
  updateSettings: true,
  backupNow: true,
  listBackups: true,
} as const satisfies Record<ApiMethod, true>;

export const API_METHODS = Object.keys(METHOD_SET) as ApiMethod[];

export function isApiMethod(name: string): name is ApiMethod {
  return Object.hasOwn(METHOD_SET, name);
}
