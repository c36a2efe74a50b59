// The import report as people read it: what was left out of a folder is named, hidden files are one line.
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/model/importing';
import { importReportText } from './importReportText';

const report: ImportReport = {
  imported: 1,
  duplicates: 0,
  alreadyImported: 45,
  failed: 1,
  messages: 46,
  errors: [{ source: '/mail/takeout.tgz', position: 'after message 46', reason: 'tar: takeout.tgz: the archive ends early' }],
  skipped: [
    { path: 'notes.txt', reason: 'a text file that is not a mail message' },
    { path: 'report.pdf', reason: 'a PDF document' },
  ],
  skippedFiles: 5,
  hiddenFiles: 3,
  elapsedMs: 1500,
};

describe('import report text', () => {
  it('gives the counts, the problems, the files that hold no mail and one line for hidden files', () => {
    expect(importReportText(report).split('\n')).toEqual([
      'Imported 1 message (45 already in the store, 0 duplicates within the input, 1 failed) in 1.5 s; 46 in the store.',
      '  /mail/takeout.tgz (after message 46): tar: takeout.tgz: the archive ends early',
      'Left out 2 files that hold no mail:',
      '  notes.txt: a text file that is not a mail message',
      '  report.pdf: a PDF document',
      'Left out 3 hidden or system files (.DS_Store, Thumbs.db, desktop.ini and the like).',
    ]);
  });

  it('says nothing of left-out files when there were none', () => {
    const plain = importReportText({ ...report, errors: [], skipped: [], skippedFiles: 0, hiddenFiles: 0 });
    expect(plain).toBe('Imported 1 message (45 already in the store, 0 duplicates within the input, 1 failed) in 1.5 s; 46 in the store.');
  });
});
