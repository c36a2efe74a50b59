// Tests for display formatting.
import { describe, expect, it } from 'vitest';
import { baseName, countOf, formatBytes, formatDuration, formatAddress } from './format';

describe('format', () => {
  it('counts with the right plural', () => {
    expect(countOf(1, 'thread')).toBe('1 thread');
    expect(countOf(0, 'message')).toBe('0 messages');
    expect(countOf(2, 'source')).toBe('2 sources');
  });

  it('sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024 * 1024)).toBe('5.0 GB');
  });
  it('durations', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3720)).toBe('1 h 2 min');
  });
  it('addresses and paths', () => {
    expect(formatAddress({ name: 'Ann', address: 'ann@example.com' })).toBe('Ann <ann@example.com>');
    expect(formatAddress({ name: '', address: 'ann@example.com' })).toBe('ann@example.com');
    expect(baseName('/home/me/Takeout/All mail.mbox')).toBe('All mail.mbox');
    expect(baseName('C:\\mail\\a.pst')).toBe('a.pst');
  });
});
