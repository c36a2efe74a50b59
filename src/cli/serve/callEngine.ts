// Browser mode's router: an HTTP call becomes an EngineRequest for the engine's one router.
import type { ApiMethod } from '../../shared/contract/api';
import type { EngineRequest } from '../../shared/contract/engine';
import type { Engine } from '../../engine/engineTypes';
import { answerRequest } from '../../engine/router';

export function callEngine(engine: Engine, method: ApiMethod, args: unknown[]): Promise<unknown> {
  // The engine validates its own inputs; this only pairs the method with its arguments as the router expects.
  return answerRequest(engine, { seq: 0, method, args } as EngineRequest);
}
