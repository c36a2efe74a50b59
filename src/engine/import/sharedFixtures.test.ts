// Every file of the shared parser fixture suites and Outlook samples either imports or is reported with a reason.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, sharedDir } from '../../../test/corpus';
import { LanternError } from '../../shared/contract/errors';
import { openEngine } from '../api/engine';

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

type Outcome = { file: string; kind: 'imported'; messages: number } | { file: string; kind: 'reported'; reason: string };

describe('the shared fixtures', () => {
  it('import, or are refused with a specific reason; nothing crashes and the store keeps answering', { timeout: 600_000 }, async () => {
    const files = [...(await filesUnder(join(sharedDir, 'fixtures'))), ...(await filesUnder(join(sharedDir, 'outlook')))];
    expect(files.length).toBeGreaterThan(250);
    const engine = await openEngine({ dataDir: await makeTempDir() });
    const outcomes: Outcome[] = [];
    try {
      for (const file of files) {
        const name = relative(sharedDir, file);
        try {
          const report = await engine.importPaths([file], `fixture-${outcomes.length}`);
          if (report.imported + report.duplicates + report.alreadyImported > 0)
            outcomes.push({ file: name, kind: 'imported', messages: report.imported + report.duplicates + report.alreadyImported });
          else {
            expect(report.errors.length, `${name}: nothing imported and no reason given`).toBeGreaterThan(0);
            for (const error of report.errors) expect(error.reason.length, `${name}: an empty reason`).toBeGreaterThan(10);
            outcomes.push({ file: name, kind: 'reported', reason: report.errors[0]!.reason });
          }
        } catch (error) {
          // Refusing a whole file is fine when it says which file and why; anything else is a bug.
          expect(error, `${name}: failed with something other than a Lantern error`).toBeInstanceOf(LanternError);
          expect((error as LanternError).code).not.toBe('internal');
          expect((error as LanternError).message).toContain(file);
          outcomes.push({ file: name, kind: 'reported', reason: (error as LanternError).message });
        }
      }
      const outcome = (suffix: string): Outcome | undefined => outcomes.find((candidate) => candidate.file.endsWith(suffix));
      // Every standalone message imports: the .eml files and the cpython suite, except its one mailing-list digest body.
      for (const candidate of outcomes.filter(
        (item) => item.file.endsWith('.eml') || /cpython-test_email\/data\/msg_\d+a?\.txt$/.test(item.file),
      )) {
        if (candidate.file.endsWith('msg_19.txt'))
          expect(candidate, 'msg_19 is a digest body without headers').toMatchObject({ kind: 'reported' });
        else expect(candidate, candidate.file).toMatchObject({ kind: 'imported' });
      }
      // mbox variants: date-less "From -" separators, Gmail's "From <id>@xxx", unescaped "From " in bodies, a BOM.
      expect(outcome('mbox/simple.mbox.txt')).toMatchObject({ kind: 'imported', messages: 3 });
      expect(outcome('mbox/issue1189.mbox.txt')).toMatchObject({ kind: 'imported', messages: 4 });
      expect(outcome('mbox/unmunged.mbox.txt')).toMatchObject({ kind: 'imported', messages: 2 });
      expect(outcome('mbox/content-length.mbox.txt')).toMatchObject({ kind: 'imported', messages: 29 });
      expect(outcome('messages/feedback-report.txt')).toMatchObject({ kind: 'imported' });
      const stats = await engine.getStats();
      expect(stats.messages).toBeGreaterThan(0);
      expect((await engine.search({ query: 'subject:test OR has:attachment', limit: 5 })).total).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });
});
