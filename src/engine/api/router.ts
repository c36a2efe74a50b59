// The engine's request router: checks a call's arguments against the method table, then calls the method it names.
import type { ApiMethod, ApiResult, LanternApi } from '../../shared/contract/api';
import { checkArguments } from '../../shared/contract/apiSchemas';
import { LanternError } from '../../shared/contract/errors';
import { callMethod, forwardApi } from '../../shared/contract/forwarders';
import type { Engine } from './engineTypes';

/** A call as it arrives from outside the engine: the arguments are whatever the caller sent. */
export interface UncheckedCall<M extends ApiMethod> {
  method: M;
  args: unknown[];
}

/**
 * Answers one call for every host (the desktop app's utility process, browser mode's server, the CLI and the MCP
 * server), so each refuses bad arguments with the same 'bad-request' error naming the argument.
 */
export async function answerRequest<M extends ApiMethod>(engine: LanternApi, call: UncheckedCall<M>): Promise<ApiResult<M>> {
  const check = checkArguments(call.method, call.args);
  if (!check.ok) throw new LanternError(check.error.code, check.error.message);
  return callMethod(engine, call.method, check.args);
}

/** The engine with every call going through the router: for hosts that call it in their own process (the CLI, MCP). */
export function routedEngine(engine: Engine): Engine {
  return {
    ...forwardApi((method, args) => answerRequest(engine, { method, args })),
    subscribe: (listener) => engine.subscribe(listener),
    close: () => engine.close(),
  };
}
