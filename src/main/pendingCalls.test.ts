import { describe, expect, it } from 'vitest';
import { PendingCalls } from './pendingCalls';

const LONG = 60_000;

describe('PendingCalls', () => {
  it('numbers calls from 1 and settles each with its own reply', async () => {
    const pending = new PendingCalls();
    const first = pending.start('search', LONG);
    const second = pending.start('getStats', LONG);
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(pending.settle({ kind: 'error', seq: 2, error: { code: 'internal', message: 'boom' } })).toBe(true);
    expect(pending.settle({ kind: 'result', seq: 1, result: null })).toBe(true);
    expect(await first.outcome).toEqual({ ok: true, result: null });
    expect(await second.outcome).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    expect(pending.size).toBe(0);
  });

  it('ignores a reply nobody waits for', () => {
    const pending = new PendingCalls();
    expect(pending.settle({ kind: 'result', seq: 99, result: null })).toBe(false);
  });

  it('times a call out with engine-unavailable and then ignores its late reply', async () => {
    const pending = new PendingCalls();
    const call = pending.start('getMessage', 20);
    const outcome = await call.outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('engine-unavailable');
      expect(outcome.error.message).toContain('getMessage got no answer');
    }
    expect(pending.isWaiting(call.seq)).toBe(false);
    expect(pending.settle({ kind: 'result', seq: call.seq, result: null })).toBe(false);
  });

  it('fails every waiting call at once and reports how many', async () => {
    const pending = new PendingCalls();
    const calls = [pending.start('search', LONG), pending.start('importPaths', LONG)];
    expect(pending.waitingMethods()).toEqual(['search', 'importPaths']);
    const error = { code: 'engine-unavailable', message: 'engine client: exited' } as const;
    expect(pending.failAll(error)).toBe(2);
    for (const call of calls) expect(await call.outcome).toEqual({ ok: false, error });
    expect(pending.failAll(error)).toBe(0);
  });

  it('fails one call that could not be sent, once', async () => {
    const pending = new PendingCalls();
    const call = pending.start('cancelImport', LONG);
    const error = { code: 'engine-unavailable', message: 'not sent' } as const;
    expect(pending.fail(call.seq, error)).toBe(true);
    expect(pending.fail(call.seq, error)).toBe(false);
    expect(await call.outcome).toEqual({ ok: false, error });
  });
});
