// Running calls are stopped by their own id or all at once; an id reused by a newer call stays with that call.
import { describe, expect, it } from 'vitest';
import { RunningCalls } from './runningCalls';

/** A call that ends when its signal aborts, telling whether it was stopped. */
function untilStopped(release: Promise<void>) {
  return (signal: AbortSignal): Promise<boolean> =>
    new Promise((resolve) => {
      signal.addEventListener('abort', () => resolve(true));
      void release.then(() => resolve(false));
    });
}

describe('running calls', () => {
  it('stops the call with the id given and leaves the others running', async () => {
    const calls = new RunningCalls();
    let finish!: () => void;
    const released = new Promise<void>((resolve) => (finish = resolve));
    const first = calls.run('import-1', untilStopped(released));
    const second = calls.run('import-2', untilStopped(released));
    calls.cancel('import-1');
    finish();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
  });

  it('keeps the newer call under an id when an older one with the same id ends', async () => {
    const calls = new RunningCalls();
    const older = calls.run('ask', async () => 'older');
    let finish!: () => void;
    const newer = calls.run('ask', untilStopped(new Promise<void>((resolve) => (finish = resolve))));
    expect(await older).toBe('older');
    calls.cancel('ask');
    finish();
    expect(await newer).toBe(true);
  });

  it('stops every running call at once (an engine closing stops its imports)', async () => {
    const calls = new RunningCalls();
    let finish!: () => void;
    const released = new Promise<void>((resolve) => (finish = resolve));
    const first = calls.run('import-1', untilStopped(released));
    const second = calls.run('import-2', untilStopped(released));
    calls.cancelAll();
    finish();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
  });
});
