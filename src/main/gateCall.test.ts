import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../shared/contract/bridge';
import type { Stats } from '../shared/model/stats';
import { gateCall } from './gateCall';

describe('gateCall', () => {
  const answered: unknown[][] = [];
  const getMessage = async (raw: unknown[]) => {
    answered.push(raw);
    return { ok: true, result: null } as const;
  };

  it('passes the arguments to the handler and its outcome back', async () => {
    answered.length = 0;
    const outcome = await gateCall('getMessage', ['m-1'], {
      isTrustedSender: true,
      senderUrl: 'file:///app/index.html',
      handler: getMessage,
    });
    expect(outcome).toEqual({ ok: true, result: null });
    expect(answered).toEqual([['m-1']]);
  });

  it('refuses an untrusted sender before looking at the arguments', async () => {
    answered.length = 0;
    const outcome = await gateCall('getMessage', ['m-1'], {
      isTrustedSender: false,
      senderUrl: 'https://evil.example/',
      handler: getMessage,
    });
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'ipc: getMessage may only be called by the Lantern window' },
    });
    expect(answered).toEqual([]);
  });

  it('turns a thrown error into an internal outcome that names the method', async () => {
    const outcome: CallOutcome<Stats> = await gateCall('getStats', [], {
      isTrustedSender: true,
      senderUrl: 'file:///app/index.html',
      handler: async () => {
        throw new Error('disk full');
      },
    });
    expect(outcome).toEqual({ ok: false, error: { code: 'internal', message: 'ipc: getStats failed (disk full)' } });
  });
});
