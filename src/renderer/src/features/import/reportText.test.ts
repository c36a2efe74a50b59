// Tests for import report wording.
import { describe, expect, it } from 'vitest';
import { describeError, displaySource, isNothingImported } from './reportText';

describe('reportText', () => {
  it('names uploaded copies by the dropped file name', () => {
    expect(displaySource('/tmp/lantern-x/uploads/1795-photo.png', ['photo.png'])).toBe('photo.png');
    expect(displaySource('/home/me/All mail.mbox', ['other.mbox'])).toBe('All mail.mbox');
  });
  it('puts the name in place of the path inside the reason', () => {
    const error = { source: '/tmp/u/17-photo.png', position: '', reason: '/tmp/u/17-photo.png is not a mail file' };
    expect(describeError(error, ['photo.png'])).toEqual({ where: 'photo.png', reason: 'photo.png is not a mail file' });
  });
  it('tells a failed import from a partly failed one', () => {
    const report = { imported: 0, duplicates: 0, failed: 1, messages: 0, errors: [{ source: 'a', position: '', reason: 'b' }], elapsedMs: 1 };
    expect(isNothingImported(report)).toBe(true);
    expect(isNothingImported({ ...report, imported: 3 })).toBe(false);
  });
});
