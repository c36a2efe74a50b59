import { describe, expect, it } from 'vitest';
import type { EngineMessage } from '../shared/contract/engine';
import { checkEngineMessage } from './engineMessages';

describe('checkEngineMessage', () => {
  it.each<EngineMessage>([
    { kind: 'ready' },
    { kind: 'result', seq: 3, result: { total: 0, hits: [] } as never },
    { kind: 'result', seq: 4, result: null },
    { kind: 'error', seq: 5, error: { code: 'not-found', message: 'store: no message m1' } },
    { kind: 'event', event: { type: 'store-changed' } },
    { kind: 'event', event: { type: 'embedding-progress', done: 10, total: 20, embedderId: 'use-512' } },
    { kind: 'event', event: { type: 'engine-restarted', reason: 'exit code 1' } },
  ])('passes %j through unchanged', (message) => {
    expect(checkEngineMessage(message)).toEqual({ ok: true, message });
  });

  it.each([
    ['a string', 'ready'],
    ['null', null],
    ['an unknown kind', { kind: 'progress' }],
    ['a result without seq', { kind: 'result', result: 1 }],
    ['a negative seq', { kind: 'result', seq: -1, result: 1 }],
    ['an error with an unknown code', { kind: 'error', seq: 1, error: { code: 'oops', message: 'x' } }],
    ['an error without a message', { kind: 'error', seq: 1, error: { code: 'internal' } }],
    ['an event of unknown type', { kind: 'event', event: { type: 'telemetry' } }],
  ])('drops %s with a message naming the engine client', (_label, data) => {
    const check = checkEngineMessage(data);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problem).toMatch(/^engine client: dropped a malformed message/);
  });
});
