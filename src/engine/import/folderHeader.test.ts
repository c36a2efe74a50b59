// A message that names its folder (X-Folder, written by PST converters and by Lantern's own export) is filed there.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';

function mail(id: string, folderHeader: string | null): string {
  return [
    'From: Ada <ada@example.com>',
    'To: team@example.com',
    `Subject: Note ${id}`,
    'Date: Mon, 08 Jan 2024 10:00:00 +0000',
    `Message-ID: <${id}@example.com>`,
    ...(folderHeader === null ? [] : [`X-Folder: ${folderHeader}`]),
    '',
    `Body of ${id}.`,
    '',
  ].join('\n');
}

describe('X-Folder', () => {
  it('files a message in the folder its header names, else where the tree puts it', async () => {
    const root = join(await makeTempDir(), 'export');
    await mkdir(join(root, 'Misc'), { recursive: true });
    await writeFile(join(root, 'Misc', 'a.eml'), mail('a', '\\\\Inbox\\\\Projects\\\\'));
    await writeFile(join(root, 'Misc', 'b.eml'), mail('b', 'Archive/2023'));
    await writeFile(join(root, 'Misc', 'c.eml'), mail('c', null));
    const engine = await openEngine({ dataDir: await makeTempDir() });
    try {
      expect(await engine.importPaths([root], 'x-folder')).toMatchObject({ imported: 3, failed: 0 });
      const folders = (await engine.listFolders())
        .filter((folder) => folder.kind === 'folder')
        .map((folder) => folder.path)
        .sort();
      expect(folders).toEqual(['Archive/2023', 'Inbox/Projects', 'Misc']);
      expect((await engine.search({ query: 'in:projects', limit: 5 })).hits.map((hit) => hit.subject)).toEqual(['Note a']);
    } finally {
      await engine.close();
    }
  });
});
