// The data folder marker: written by the writer's open (also for folders from before it), and what restore reads a folder as.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { DATA_FOLDER_MARKER, describeEntries, readDataFolderMarker, surveyDataFolder } from './dataFolderMarker';

describe('data folder marker', () => {
  it('is written when the writer opens a folder, again after it was lost, and never by a reader', async () => {
    const dataDir = await makeTempDir();
    await (await openEngine({ dataDir })).close();
    expect(await readDataFolderMarker(dataDir)).toMatchObject({ format: 'lantern-data', version: 1 });
    expect(await surveyDataFolder(dataDir)).toMatchObject({ kind: 'lantern' });

    // A folder from before the marker: recognised by its messages table, and marked at the next writable open.
    await rm(join(dataDir, DATA_FOLDER_MARKER));
    expect(await surveyDataFolder(dataDir)).toMatchObject({ kind: 'lantern' });
    await (await openEngine({ dataDir, access: 'read' })).close();
    expect(await readDataFolderMarker(dataDir)).toBeNull();
    await (await openEngine({ dataDir })).close();
    expect(await readDataFolderMarker(dataDir)).not.toBeNull();
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('tells missing, empty, foreign and Lantern folders apart', async () => {
    const root = await makeTempDir();
    expect(await surveyDataFolder(join(root, 'nothing'))).toEqual({ kind: 'missing', entries: [], isFile: false });
    await mkdir(join(root, 'empty'));
    expect(await surveyDataFolder(join(root, 'empty'))).toEqual({ kind: 'empty', entries: [], isFile: false });
    await writeFile(join(root, 'a-file'), 'x');
    expect(await surveyDataFolder(join(root, 'a-file'))).toEqual({ kind: 'other', entries: [], isFile: true });
    // A lancedb/ folder alone is not enough: it must hold Lantern's messages table.
    await mkdir(join(root, 'other', 'lancedb'), { recursive: true });
    await writeFile(join(root, 'other', 'notes.txt'), 'x');
    expect(await surveyDataFolder(join(root, 'other'))).toEqual({ kind: 'other', entries: ['lancedb', 'notes.txt'], isFile: false });
    await writeFile(join(root, 'other', DATA_FOLDER_MARKER), '{"format": "something-else"}');
    expect(await surveyDataFolder(join(root, 'other'))).toMatchObject({ kind: 'other' });
  });

  it('describes what a folder holds in a few names and a count', () => {
    expect(describeEntries(['a'])).toBe('1 entry: a');
    expect(describeEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('7 entries: a, b, c, d, e, and 2 more');
  });
});
