// Settings live in the data folder, apply at once, survive a restart, and a bad value never replaces a good one.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { DEFAULT_SETTINGS } from '../../shared/model/settings';
import { openEngine } from '../api/engine';

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('waitFor: gave up after 20 s');
}

describe('settings', () => {
  it('saves, applies and reloads settings; refuses bad values by name and keeps the good ones', async () => {
    const dataDir = await makeTempDir();
    const engine = await openEngine({ dataDir });
    expect(await engine.getSettings()).toEqual(DEFAULT_SETTINGS);
    const updated = await engine.updateSettings({
      timeZone: 'Asia/Tokyo',
      answerProvider: { kind: 'ollama', model: 'llama3.2:3b', baseUrl: 'http://127.0.0.1:9' },
    });
    expect(updated).toMatchObject({ timeZone: 'Asia/Tokyo', answerProvider: { kind: 'ollama' }, backups: { keep: 0 } });
    await expect(engine.updateSettings({ timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('"Mars/Olympus" is not a time zone'),
    });
    await expect(engine.updateSettings({ answerProvider: { kind: 'local', modelPath: '/models/notes.txt' } })).rejects.toMatchObject({
      message: expect.stringContaining('.gguf'),
    });
    expect((await engine.getSettings()).timeZone).toBe('Asia/Tokyo');

    // The provider change applies to the next question: Ollama on a closed port is reported, not crashed on.
    const mbox = join(await makeTempDir(), 'few.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 20)));
    await engine.importPaths([mbox], 'few');
    await expect(engine.ask({ question: 'what is the usrp?', requestId: 'q1' })).rejects.toThrow(/ollama|Ollama|127\.0\.0\.1:9/);
    await engine.close();

    const reopened = await openEngine({ dataDir });
    expect(await reopened.getSettings()).toMatchObject({
      timeZone: 'Asia/Tokyo',
      answerProvider: { kind: 'ollama', model: 'llama3.2:3b' },
    });
    await reopened.close();

    // A hand edit with one bad field resets that field only.
    const file = join(dataDir, 'settings.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { settings: Record<string, unknown> };
    saved.settings.timeZone = 'Nowhere/Land';
    saved.settings.interactionLog = true;
    await writeFile(file, JSON.stringify(saved));
    const edited = await openEngine({ dataDir });
    expect(await edited.getSettings()).toMatchObject({ timeZone: null, interactionLog: true, answerProvider: { kind: 'ollama' } });
    await edited.close();
  });

  it('backs up now and after each import, keeping the newest N snapshots', async () => {
    const dataDir = await makeTempDir();
    const backupFolder = join(await makeTempDir(), 'snapshots');
    const engine = await openEngine({ dataDir });
    try {
      await engine.updateSettings({ backups: { keep: 2, folder: backupFolder } });
      const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 30);
      for (const [index, count] of [10, 20, 30].entries()) {
        const mbox = join(await makeTempDir(), `part-${index}.mbox`);
        await writeFile(mbox, toMbox(messages.slice(0, count)));
        await engine.importPaths([mbox], `part-${index}`);
        // Each import is followed by a snapshot in the background; wait for it before the next import.
        await waitFor(
          () => engine.listBackups(),
          (list) => list[0]?.messages === count,
        );
      }
      const listed = await engine.listBackups();
      expect(listed.map((backup) => backup.messages)).toEqual([30, 20]);
      const manual = await engine.backupNow();
      expect(manual).toMatchObject({ messages: 30, folder: expect.stringContaining(backupFolder) });
      expect((await engine.listBackups()).map((backup) => backup.folder)).toEqual([manual.folder, listed[0]!.folder]);
    } finally {
      await engine.close();
    }
  });
});
