// The engine's request router: one switch over EngineRequest, shared by every host that speaks envelopes or JSON.
import type { ApiMethod, ApiResult } from '../shared/contract/api';
import type { EngineRequest } from '../shared/contract/engine';
import { assertNever } from '../shared/assertNever';
import type { Engine } from './engineTypes';

/** Calls the engine method a request names; the switch makes a new API method fail to compile until routed. */
export async function answerRequest(engine: Engine, request: EngineRequest): Promise<ApiResult<ApiMethod>> {
  switch (request.method) {
    case 'search':
      return engine.search(...request.args);
    case 'getMessage':
      return engine.getMessage(...request.args);
    case 'attachmentFile':
      return engine.attachmentFile(...request.args);
    case 'listFolders':
      return engine.listFolders(...request.args);
    case 'getStats':
      return engine.getStats(...request.args);
    case 'importPaths':
      return engine.importPaths(...request.args);
    case 'cancelImport':
      return engine.cancelImport(...request.args);
    case 'embed':
      return engine.embed(...request.args);
    case 'ask':
      return engine.ask(...request.args);
    case 'cancelAsk':
      return engine.cancelAsk(...request.args);
    case 'complete':
      return engine.complete(...request.args);
    case 'getSettings':
      return engine.getSettings(...request.args);
    case 'updateSettings':
      return engine.updateSettings(...request.args);
    case 'backupNow':
      return engine.backupNow(...request.args);
    case 'listBackups':
      return engine.listBackups(...request.args);
    default:
      return assertNever(request, 'engine request');
  }
}
