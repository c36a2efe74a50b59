// Objects with one function per API method, each passing its call to one generic function (VS Code's ProxyChannel).
import type { ApiArguments, ApiMethod, ApiResult, LanternApi } from './api';
import { API_METHODS } from './apiMethods';
import type { CallOutcome, OutcomeApi } from './bridge';

/** A call to any method, answered with its result or thrown error. */
export type ApiCall = <M extends ApiMethod>(method: M, args: ApiArguments<M>) => Promise<ApiResult<M>>;

/** A call to any method, answered with an outcome (Electron keeps only the message of a thrown error). */
export type OutcomeCall = <M extends ApiMethod>(method: M, args: ApiArguments<M>) => Promise<CallOutcome<ApiResult<M>>>;

// TypeScript cannot pair each key of a mapped type with its own instance of a generic function, so the object built
// from the method table is asserted to have the per-method types here, in one place.
function eachMethod<T>(forward: (method: ApiMethod, args: unknown[]) => unknown): T {
  return Object.fromEntries(API_METHODS.map((method) => [method, (...args: unknown[]) => forward(method, args)])) as T;
}

/** The whole LanternApi over one call. */
export function forwardApi(call: ApiCall): LanternApi {
  return eachMethod((method, args) => call(method, args as ApiArguments<ApiMethod>));
}

/** The whole API, answering outcomes, over one call. */
export function forwardOutcomes(call: OutcomeCall): OutcomeApi {
  return eachMethod((method, args) => call(method, args as ApiArguments<ApiMethod>));
}

/** Calls a method of an API implementation (an engine, a client) by name. */
export function callMethod<M extends ApiMethod>(api: LanternApi, method: M, args: ApiArguments<M>): Promise<ApiResult<M>> {
  const run = api[method] as (...args: ApiArguments<M>) => Promise<ApiResult<M>>;
  return run.apply(api, args);
}

/** Calls a method of an outcome-answering API (the preload's bridge) by name. */
export function callOutcome<M extends ApiMethod>(api: OutcomeApi, method: M, args: ApiArguments<M>): Promise<CallOutcome<ApiResult<M>>> {
  const run = api[method] as (...args: ApiArguments<M>) => Promise<CallOutcome<ApiResult<M>>>;
  return run.apply(api, args);
}
