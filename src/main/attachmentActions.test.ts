// Open and Save without Electron, on real files in temporary folders. Stand-ins answer for what lies across a process
// or OS boundary: the engine's stored copies (the utility process), the program launcher and the save dialog (Electron's).
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, sharedDir } from '../../test/corpus';
import type { AttachmentFile } from '../shared/model/attachment';
import { gateAttachmentAction, openAttachment, saveAttachment, type AttachmentHost } from './attachmentActions';
import { OPEN_FOLDER_PREFIX, removeOldOpenCopies } from './attachmentCopy';

const pdf = readFileSync(join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef/MAPI_ATTACH_DATA_OBJ/VIA_Nytt_1402.pdf'));

describe('attachment actions', () => {
  let dir: string;
  const messageId = 'm-1';
  /** The engine's answers: its stored copies, under the names the mail gave (this main does not trust them). */
  const stored: AttachmentFile[] = [];
  const opened: string[] = [];
  let savePath: string | null = null;

  const host = (): AttachmentHost => ({
    storedFile: async (ref) => {
      const file = ref.messageId === messageId ? stored[ref.index] : undefined;
      return file
        ? { ok: true, result: file }
        : {
            ok: false,
            error: {
              code: 'not-found',
              message: `attachment: message ${ref.messageId} has 3 attachments; there is none at index ${ref.index}`,
            },
          };
    },
    openPath: async (path) => {
      opened.push(path);
      return '';
    },
    chooseSavePath: async () => savePath,
    temporaryRoot: join(dir, 'tmp'),
  });

  beforeAll(async () => {
    dir = await makeTempDir();
    await mkdir(join(dir, 'tmp'));
    const files: [string, string, Buffer][] = [
      ['VIA_Nytt_1402.pdf', 'application/pdf', pdf],
      ['setup.exe', 'application/octet-stream', Buffer.from('MZ not really a program')],
      ['.profile', 'text/plain', Buffer.from('export PATH=/evil\n')],
    ];
    await mkdir(join(dir, 'store'));
    for (const [index, [filename, contentType, bytes]] of files.entries()) {
      const path = join(dir, 'store', `stored-${index}`);
      await writeFile(path, bytes);
      stored.push({ path, filename, contentType, size: bytes.length });
    }
  });

  it('opens a read-only copy in a fresh folder of its own, never the stored file', async () => {
    opened.length = 0;
    const first = await openAttachment({ messageId, index: 0 }, host());
    const second = await openAttachment({ messageId, index: 0 }, host());
    expect(first).toEqual({
      ok: true,
      result: { kind: 'opened', path: expect.stringMatching(new RegExp(`/tmp/${OPEN_FOLDER_PREFIX}[0-9a-f]{24}/VIA_Nytt_1402\\.pdf$`)) },
    });
    if (!first.ok || !second.ok || first.result.kind !== 'opened' || second.result.kind !== 'opened') throw new Error('not opened');
    expect(second.result.path).not.toBe(first.result.path);
    expect(opened).toEqual([first.result.path, second.result.path]);
    expect((await readFile(first.result.path)).equals(pdf)).toBe(true);
    expect((await stat(first.result.path)).mode & 0o777).toBe(0o400);
    expect((await stat(join(first.result.path, '..'))).mode & 0o777).toBe(0o700);
    expect((await stat(stored[0]!.path)).mode & 0o777).not.toBe(0o400);
  });

  it('refuses to open a program, and says to save it', async () => {
    opened.length = 0;
    const before = await readdir(join(dir, 'tmp'));
    const outcome = await openAttachment({ messageId, index: 1 }, host());
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: expect.stringMatching(/“setup\.exe” is a program or script, which Lantern never opens .*save it instead/),
      },
    });
    expect(opened).toEqual([]);
    expect(await readdir(join(dir, 'tmp'))).toEqual(before);
  });

  it('saves where the user chose, programs too, and does nothing when the dialog is cancelled', async () => {
    savePath = join(dir, 'saved-setup.exe');
    expect(await saveAttachment({ messageId, index: 1 }, host())).toEqual({ ok: true, result: { kind: 'saved', path: savePath } });
    expect(await readFile(savePath, 'utf8')).toBe('MZ not really a program');
    savePath = null;
    expect(await saveAttachment({ messageId, index: 0 }, host())).toEqual({ ok: true, result: { kind: 'cancelled' } });
  });

  it('names the copy safely itself, whatever name it is given', async () => {
    const outcome = await openAttachment({ messageId, index: 2 }, host());
    expect(outcome.ok && outcome.result.kind === 'opened' && outcome.result.path.endsWith('/profile')).toBe(true);
  });

  it('passes the engine’s reason through, and the launcher’s', async () => {
    expect(await openAttachment({ messageId, index: 9 }, host())).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringContaining('none at index 9') },
    });
    const failing = { ...host(), openPath: async () => 'Failed to open path' };
    expect(await openAttachment({ messageId, index: 0 }, failing)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No program opened “VIA_Nytt_1402\.pdf” \(Failed to open path\)/) },
    });
  });

  it('checks the sender and the argument before doing anything', async () => {
    opened.length = 0;
    const gate = { isTrustedSender: true, senderUrl: 'file:///app/index.html', host: host() };
    expect(
      await gateAttachmentAction('open', [{ messageId, index: 0 }], {
        ...gate,
        isTrustedSender: false,
        senderUrl: 'https://evil.example/',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'ipc: openAttachment may only be called by the Lantern window' },
    });
    for (const raw of [[], [{ messageId, index: -1 }], [{ messageId, index: 0, path: '/etc/passwd' }], [messageId, 0]]) {
      expect(await gateAttachmentAction('open', raw, gate)).toMatchObject({
        ok: false,
        error: { code: 'bad-request', message: expect.stringContaining('ipc: openAttachment takes one {messageId, index}') },
      });
    }
    expect(opened).toEqual([]);
    expect(await gateAttachmentAction('open', [{ messageId, index: 0 }], gate)).toMatchObject({ ok: true, result: { kind: 'opened' } });
  });

  it('removes opened copies older than a day at start, and keeps newer ones', async () => {
    const root = join(dir, 'sweep');
    await mkdir(join(root, `${OPEN_FOLDER_PREFIX}old`), { recursive: true });
    await mkdir(join(root, `${OPEN_FOLDER_PREFIX}new`));
    await mkdir(join(root, 'someone-else'));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(join(root, `${OPEN_FOLDER_PREFIX}old`), twoDaysAgo, twoDaysAgo);
    expect(await removeOldOpenCopies(root)).toBe(1);
    expect((await readdir(root)).sort()).toEqual([`${OPEN_FOLDER_PREFIX}new`, 'someone-else']);
  });
});
