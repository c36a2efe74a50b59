// Tests for the Electron client: outcomes become results or LanternErrors, dropped files become paths.
import { describe, expect, it } from 'vitest';
import type { ElectronBridge } from '../../../shared/contract/bridge';
import { LanternError } from '../../../shared/contract/errors';
import type { Folder } from '../../../shared/model/folder';
import { createElectronClient } from './createClient';

const folders: Folder[] = [{ name: 'Inbox', path: 'Inbox', kind: 'folder', count: 3, unread: 0, source: 'takeout' }];

// A stand-in for the preload's window.lantern: the host boundary, answering outcomes the way the preload does.
function bridge(overrides: Partial<ElectronBridge>): ElectronBridge {
  const unavailable = async () => ({ ok: false as const, error: { code: 'engine-unavailable' as const, message: 'not in this test' } });
  return {
    search: unavailable,
    getMessage: unavailable,
    listFolders: unavailable,
    getStats: unavailable,
    importPaths: unavailable,
    cancelImport: unavailable,
    cancelAsk: unavailable,
    subscribe: () => () => undefined,
    pathForFile: () => '',
    ...overrides,
  } as ElectronBridge;
}

describe('createElectronClient', () => {
  it('answers the result of an ok outcome', async () => {
    const client = createElectronClient(bridge({ listFolders: async () => ({ ok: true, result: folders }) }));
    expect(client.host).toBe('electron');
    await expect(client.listFolders()).resolves.toEqual(folders);
  });

  it('throws a LanternError with the code of a failed outcome', async () => {
    const client = createElectronClient(
      bridge({ importPaths: async () => ({ ok: false, error: { code: 'not-mail', message: 'photo.png is not mail' } }) }),
    );
    const failure = await client.importPaths(['/tmp/photo.png'], 'import-1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LanternError);
    expect(failure).toMatchObject({ code: 'not-mail', message: 'photo.png is not mail' });
  });

  it('opens and saves attachments through the bridge, with a refusal as a LanternError', async () => {
    const client = createElectronClient(
      bridge({
        openAttachment: async () => ({ ok: false, error: { code: 'bad-request', message: '“setup.exe” is a program or script' } }),
        saveAttachment: async (ref) => ({
          ok: true,
          result: { kind: 'saved', path: `/home/me/Downloads/${ref.messageId}-${ref.index}.pdf` },
        }),
      }),
    );
    await expect(client.saveAttachment({ messageId: 'm', index: 2 })).resolves.toEqual({
      kind: 'saved',
      path: '/home/me/Downloads/m-2.pdf',
    });
    await expect(client.openAttachment({ messageId: 'm', index: 0 })).rejects.toMatchObject({
      code: 'bad-request',
      message: '“setup.exe” is a program or script',
    });
  });

  it('turns dropped files into their paths and leaves out files without one', async () => {
    const paths = new Map<unknown, string>();
    const client = createElectronClient(bridge({ pathForFile: (file) => paths.get(file) ?? '' }));
    const onDisk = { name: 'a.mbox' } as File;
    const inMemory = { name: 'b.mbox' } as File;
    paths.set(onDisk, '/home/me/a.mbox');
    await expect(client.resolveDroppedFiles([onDisk, inMemory])).resolves.toEqual(['/home/me/a.mbox']);
  });
});
