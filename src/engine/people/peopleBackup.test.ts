// The addresses a person kept apart are part of their data: a backup carries people.json and a restore brings it back.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { backupStore } from '../backup/backupStore';
import { restoreStore } from '../backup/restoreStore';
import { verifyBackup } from '../backup/verifyBackup';

describe('people.json in backups', () => {
  it('is backed up, verified and restored with the store', async () => {
    const dir = await makeTempDir();
    const dataDir = join(dir, 'store');
    await writeFile(join(dir, 'mail.mbox'), toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 20)));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await engine.importPaths([join(dir, 'mail.mbox')], 'people-backup');
    await engine.separateAddress('kept.apart@example.com', true);
    await engine.close();

    const backupDir = join(dir, 'backup');
    await backupStore(dataDir, backupDir);
    const verified = await verifyBackup(backupDir);
    expect(verified.checked).toContain('file people.json: size and SHA-256 match');
    const restoredDir = join(dir, 'restored');
    await restoreStore(backupDir, restoredDir);
    const restored = await openEngine({ dataDir: restoredDir, timeZone: 'UTC' });
    try {
      expect(await restored.separateAddress('another@example.com', true)).toEqual(['another@example.com', 'kept.apart@example.com']);
    } finally {
      await restored.close();
    }
  });
});
