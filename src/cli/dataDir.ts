// Where the CLI's store lives: --data-dir, else LANTERN_DATA_DIR, else the desktop app's data folder.
import { homedir, platform } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultDataDir(): string {
  const home = homedir();
  switch (platform()) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Lantern', 'data');
    case 'win32':
      return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Lantern', 'data');
    default:
      return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Lantern', 'data');
  }
}

export function resolveDataDir(flag: string | undefined): string {
  return resolve(flag ?? process.env.LANTERN_DATA_DIR ?? defaultDataDir());
}
