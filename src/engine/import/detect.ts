// Decides how to read a dropped path: a folder as a tree of mail files, a file by its content (see detectFile).
import { stat } from 'node:fs/promises';
import { detectFile, type Detection } from './detectFile';
import { readFolderTree } from './sources/folderTree';

export type { Detection } from './detectFile';

export async function detectSource(path: string): Promise<Detection> {
  if ((await stat(path)).isDirectory()) return { kind: 'folder', reader: readFolderTree };
  return detectFile(path);
}
