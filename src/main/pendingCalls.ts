// Calls sent to the engine and not yet answered: seq numbers, per-call timeouts, and failing them all at once.
import type { ApiMethod } from '../shared/contract/api';
import type { CallOutcome } from '../shared/contract/bridge';
import type { EngineReply } from '../shared/contract/engine';
import type { WireError } from '../shared/contract/errors';

interface Pending {
  method: ApiMethod;
  settle: (outcome: CallOutcome<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface StartedCall {
  seq: number;
  /** Settles exactly once, with the engine's answer, a timeout, or the error given to failAll; never rejects. */
  outcome: Promise<CallOutcome<unknown>>;
}

export class PendingCalls {
  private nextSeq = 1;
  private readonly calls = new Map<number, Pending>();

  /** Registers a call; it fails with `engine-unavailable` if no reply arrives within `timeoutMs`. */
  start(method: ApiMethod, timeoutMs: number): StartedCall {
    const seq = this.nextSeq++;
    const outcome = new Promise<CallOutcome<unknown>>((resolve) => {
      const timer = setTimeout(() => {
        this.finish(seq, {
          ok: false,
          error: {
            code: 'engine-unavailable',
            message: `engine client: ${method} got no answer within ${Math.round(timeoutMs / 1000)} s; the engine may be busy, try again or restart Lantern`,
          },
        });
      }, timeoutMs);
      this.calls.set(seq, { method, settle: resolve, timer });
    });
    return { seq, outcome };
  }

  /** Settles the call a reply answers; false when no call waits for it (it timed out or was failed already). */
  settle(reply: EngineReply): boolean {
    const outcome: CallOutcome<unknown> = reply.kind === 'result' ? { ok: true, result: reply.result } : { ok: false, error: reply.error };
    return this.finish(reply.seq, outcome);
  }

  /** Fails one call that could not be sent. */
  fail(seq: number, error: WireError): boolean {
    return this.finish(seq, { ok: false, error });
  }

  /** Fails every waiting call, e.g. when the engine process exits; returns how many there were. */
  failAll(error: WireError): number {
    const seqs = [...this.calls.keys()];
    for (const seq of seqs) this.finish(seq, { ok: false, error });
    return seqs.length;
  }

  isWaiting(seq: number): boolean {
    return this.calls.has(seq);
  }

  get size(): number {
    return this.calls.size;
  }

  /** Methods of the calls still waiting, for log lines when they are failed. */
  waitingMethods(): ApiMethod[] {
    return [...this.calls.values()].map((call) => call.method);
  }

  private finish(seq: number, outcome: CallOutcome<unknown>): boolean {
    const call = this.calls.get(seq);
    if (!call) return false;
    this.calls.delete(seq);
    clearTimeout(call.timer);
    call.settle(outcome);
    return true;
  }
}
