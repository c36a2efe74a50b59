// Decides which folder holds the store: LANTERN_DATA_DIR, then the user's choice, then userData/data.
import path from 'node:path';

export interface DataFolderChoice {
  dataDir: string;
  /** Why this folder, for the log line at startup. */
  source: 'environment' | 'settings' | 'default';
}

export function chooseDataFolder(options: {
  environmentValue: string | undefined;
  storedValue: string | undefined;
  userDataPath: string;
}): DataFolderChoice {
  const fromEnvironment = options.environmentValue?.trim();
  if (fromEnvironment) return { dataDir: path.resolve(fromEnvironment), source: 'environment' };
  if (options.storedValue && path.isAbsolute(options.storedValue)) return { dataDir: options.storedValue, source: 'settings' };
  return { dataDir: path.join(options.userDataPath, 'data'), source: 'default' };
}
