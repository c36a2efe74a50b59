// What every IPC call goes through before the engine: the sender check, then the call, answered as an outcome.
import type { ApiMethod, ApiResult } from '../shared/contract/api';
import type { CallOutcome } from '../shared/contract/bridge';
import { errorMessage } from '../shared/errorMessage';

export interface CallGate<M extends ApiMethod> {
  /** Whether the caller is our window's main frame showing our page. */
  isTrustedSender: boolean;
  /** The caller's URL, for the log line when it is refused. */
  senderUrl: string;
  /** Passes the arguments as the window sent them to the engine, whose router checks them. */
  handler: (raw: unknown[]) => Promise<CallOutcome<ApiResult<M>>>;
}

/** Answers one call as an outcome; it never rejects, because Electron would keep only an error's message. */
export async function gateCall<M extends ApiMethod>(method: M, raw: unknown[], gate: CallGate<M>): Promise<CallOutcome<ApiResult<M>>> {
  if (!gate.isTrustedSender) {
    console.error(`ipc: refused ${method} from ${gate.senderUrl}`);
    return { ok: false, error: { code: 'bad-request', message: `ipc: ${method} may only be called by the Lantern window` } };
  }
  try {
    return await gate.handler(raw);
  } catch (error) {
    console.error(`ipc: ${method} failed`, error);
    const detail = errorMessage(error);
    return { ok: false, error: { code: 'internal', message: `ipc: ${method} failed (${detail})` } };
  }
}
