// unlessAborted: a closing engine stops waiting on work that cannot be interrupted, and that work's end is dropped.
import { describe, expect, it } from 'vitest';
import { unlessAborted } from './unlessAborted';

describe('unlessAborted', () => {
  it('gives the work its result when nothing aborts', async () => {
    expect(await unlessAborted(Promise.resolve(42), new AbortController().signal)).toBe(42);
    await expect(unlessAborted(Promise.reject(new Error('the batch failed')), new AbortController().signal)).rejects.toThrow(
      'the batch failed',
    );
  });

  it('gives null as soon as the signal aborts, though the work never ends', async () => {
    const stop = new AbortController();
    const waiting = unlessAborted(new Promise<number>(() => undefined), stop.signal);
    stop.abort();
    expect(await waiting).toBeNull();
  });

  it('gives null at once for a signal aborted before, and a failure of the dropped work is not unhandled', async () => {
    const stop = new AbortController();
    stop.abort();
    let fail = (_error: Error): void => undefined;
    const work = new Promise<number>((_, reject) => (fail = reject));
    expect(await unlessAborted(work, stop.signal)).toBeNull();
    fail(new Error('the closed worker'));
    // An unhandled rejection would fail the run (vitest reports them as errors).
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('a failure after the abort is dropped too', async () => {
    const stop = new AbortController();
    let fail = (_error: Error): void => undefined;
    const waiting = unlessAborted(new Promise<number>((_, reject) => (fail = reject)), stop.signal);
    stop.abort();
    fail(new Error('the closed worker'));
    expect(await waiting).toBeNull();
  });
});
