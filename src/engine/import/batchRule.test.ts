// Batches start small, so the first mail is searchable at once, and grow, so a large import leaves few table fragments.
import { describe, expect, it } from 'vitest';
import { isBatchDue } from './batchRule';

/** The batch sizes an import of `total` quick, short messages is stored in. */
function batchSizes(total: number): number[] {
  const sizes: number[] = [];
  let stored = 0;
  let gathered = 0;
  for (let message = 0; message < total; message += 1) {
    gathered += 1;
    if (isBatchDue({ stored, messages: gathered, bytes: gathered * 1_000, ageMs: 10 })) {
      sizes.push(gathered);
      stored += gathered;
      gathered = 0;
    }
  }
  return gathered > 0 ? [...sizes, gathered] : sizes;
}

describe('isBatchDue', () => {
  it('stores the first 2,500 messages in batches of 500', () => {
    expect(batchSizes(2_500)).toEqual([500, 500, 500, 500, 500]);
  });

  it('grows the batches to 5,000, so the io-uring list (33,494) leaves fewer than the 20 fragments that are merged', () => {
    const sizes = batchSizes(33_494);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(33_494);
    expect(sizes.length).toBeLessThan(20);
    expect(Math.max(...batchSizes(1_000_000))).toBe(5_000);
    expect(batchSizes(1_000_000).length).toBeLessThan(250);
  });

  it('stores a batch of long mail once it holds 48 MB', () => {
    expect(isBatchDue({ stored: 100_000, messages: 10, bytes: 48 * 1024 * 1024, ageMs: 0 })).toBe(true);
    expect(isBatchDue({ stored: 100_000, messages: 10, bytes: 47 * 1024 * 1024, ageMs: 0 })).toBe(false);
  });

  it('stores a slow source every second at first and every four seconds later, never an empty batch', () => {
    expect(isBatchDue({ stored: 0, messages: 1, bytes: 100, ageMs: 1_001 })).toBe(true);
    expect(isBatchDue({ stored: 0, messages: 1, bytes: 100, ageMs: 999 })).toBe(false);
    expect(isBatchDue({ stored: 20_000, messages: 1, bytes: 100, ageMs: 3_000 })).toBe(false);
    expect(isBatchDue({ stored: 20_000, messages: 1, bytes: 100, ageMs: 4_001 })).toBe(true);
    expect(isBatchDue({ stored: 20_000, messages: 0, bytes: 0, ageMs: 60_000 })).toBe(false);
  });
});
