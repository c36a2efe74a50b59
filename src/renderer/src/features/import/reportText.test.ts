// Tests for import report wording.
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../../shared/model/importing';
import { describeError, displaySource, isNothingImported, leftOutSummary } from './reportText';

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
    const report: ImportReport = {
      imported: 0,
      duplicates: 0,
      alreadyImported: 0,
      failed: 1,
      messages: 0,
      errors: [{ source: 'a', position: '', reason: 'b' }],
      skipped: [],
      skippedFiles: 0,
      hiddenFiles: 0,
      elapsedMs: 1,
    };
    expect(isNothingImported(report)).toBe(true);
    expect(isNothingImported({ ...report, imported: 3 })).toBe(false);
    expect(isNothingImported({ ...report, alreadyImported: 3 })).toBe(false);
  });
  it('sums up the files a folder import left out', () => {
    const report: ImportReport = {
      imported: 1,
      duplicates: 0,
      alreadyImported: 0,
      failed: 0,
      messages: 1,
      errors: [],
      skipped: [{ path: 'a.pdf', reason: 'a PDF document' }],
      skippedFiles: 3,
      hiddenFiles: 2,
      elapsedMs: 1,
    };
    expect(leftOutSummary(report)).toBe('1 file left out: no mail in it; 2 hidden or system files left out');
    expect(leftOutSummary({ ...report, skipped: [], skippedFiles: 0, hiddenFiles: 0 })).toBeNull();
  });
});
