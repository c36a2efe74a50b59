// The write queue runs writes one at a time in the order given, and a failed one neither stops the queue nor goes unseen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteQueue } from './writeQueue';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the write queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs each write after the ones queued before it, never two at once', async () => {
    const queue = new WriteQueue();
    const steps: string[] = [];
    const write = (name: string, ms: number) => async (): Promise<string> => {
      steps.push(`${name} starts`);
      await pause(ms);
      steps.push(`${name} ends`);
      return name;
    };
    const first = queue.run(write('first', 30));
    queue.runUnattended(write('settle', 10), 'test: settling failed');
    const second = queue.run(write('second', 1));
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(steps).toEqual(['first starts', 'first ends', 'settle starts', 'settle ends', 'second starts', 'second ends']);
  });

  it('gives a failed write to its caller and goes on with the next', async () => {
    const queue = new WriteQueue();
    const failed = queue.run(async () => {
      throw new Error('disk full');
    });
    const next = queue.run(async () => 'written');
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toBe('written');
  });

  it('logs a failed write no caller waits for, and drains after it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queue = new WriteQueue();
    queue.runUnattended(async () => {
      throw new Error('merge failed');
    }, 'store: merging the fragments failed');
    await queue.drained();
    expect(logged).toHaveBeenCalledWith('store: merging the fragments failed: merge failed');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
