// aboutTotalMessages: the whole source's messages estimated from the share of bytes read, in round figures.
import { describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../../shared/model/importing';
import { aboutTotalMessages } from './importEstimate';

const progress = (messages: number, bytesDone: number, bytesTotal: number): ImportProgress => ({
  importId: 'i',
  source: '/x.zip',
  phase: 'reading',
  bytesDone,
  bytesTotal,
  messages,
  rate: 0,
  etaSeconds: null,
});

describe('aboutTotalMessages', () => {
  it('scales the messages read by the share of bytes read, to three significant figures', () => {
    expect(aboutTotalMessages(progress(8258, 56_000_000, 100_000_000))).toBe(14_700);
  });
  it('says nothing before 2 % is read or before a message', () => {
    expect(aboutTotalMessages(progress(10, 1_000, 100_000_000))).toBeNull();
    expect(aboutTotalMessages(progress(0, 50_000_000, 100_000_000))).toBeNull();
  });
  it('is the count read once the whole file is read, and never less than it', () => {
    expect(aboutTotalMessages(progress(14_733, 100, 100))).toBe(14_733);
    expect(aboutTotalMessages(progress(999, 99, 100))).toBe(1_010);
  });
});
