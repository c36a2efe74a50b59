// An attachment the importer cannot write (a full disk, a file size limit) fails the import with a clear error instead
// of ending the process: found by npm run faults, where `ulimit -f` made an attachment write fail before the batch
// awaited it, and Node ended the lantern command on the unhandled rejection.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';

describe('an attachment write that fails', () => {
  const unhandled: unknown[] = [];
  const collect = (reason: unknown): void => {
    unhandled.push(reason);
  };
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', collect);
  });
  afterEach(() => {
    process.off('unhandledRejection', collect);
  });

  it('fails the import with the attachment store named, and rejects nothing unhandled', async () => {
    const dir = await makeTempDir();
    const mbox = join(dir, 'attachments.mbox');
    // The first 60 usrp-users messages carry image and pdf attachments.
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 60)));
    const dataDir = join(dir, 'store');
    await mkdir(dataDir, { recursive: true });
    // A file where the attachment folder belongs: every attachment write fails, as on a full disk.
    await writeFile(join(dataDir, 'attachments'), 'not a folder');
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await expect(engine.importPaths([mbox], 'failing-attachments')).rejects.toThrow(
        /import: could not keep attachments in .*attachments/,
      );
      // Rejections are reported once the event loop turns.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
