// Where the model manager keeps models in the data folder: models/<name> once verified, models/<name>.partial while fetching.
import { join } from 'node:path';

/** The name of the record written beside an installed model's files. */
export const MANIFEST_FILE = 'lantern-model.json';
const PARTIAL_SUFFIX = '.partial';

export function modelsFolder(dataDir: string): string {
  return join(dataDir, 'models');
}

export function installedFolder(dataDir: string, name: string): string {
  return join(modelsFolder(dataDir), name);
}

/** Files being fetched live here, each as <file>.partial until it is whole and verified; a later get resumes them. */
export function partialFolder(dataDir: string, name: string): string {
  return join(modelsFolder(dataDir), `${name}${PARTIAL_SUFFIX}`);
}

export function partialFile(folder: string, path: string): string {
  return join(folder, `${path}${PARTIAL_SUFFIX}`);
}
