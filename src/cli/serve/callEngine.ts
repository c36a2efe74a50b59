// Browser mode's router: an HTTP call goes to the engine's one router, which checks its arguments.
import type { ApiMethod } from '../../shared/contract/api';
import type { Engine } from '../../engine/api/engineTypes';
import { answerRequest } from '../../engine/api/router';

export function callEngine(engine: Engine, method: ApiMethod, args: unknown[]): Promise<unknown> {
  return answerRequest(engine, { method, args });
}
