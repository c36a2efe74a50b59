import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseDataFolder } from './dataFolder';

const userDataPath = path.resolve('/home/person/.config/Lantern');

describe('chooseDataFolder', () => {
  it('prefers LANTERN_DATA_DIR, resolved to an absolute path', () => {
    expect(chooseDataFolder({ environmentValue: 'relative/store', storedValue: '/chosen', userDataPath })).toEqual({
      dataDir: path.resolve('relative/store'),
      source: 'environment',
    });
  });

  it('then the folder the user chose', () => {
    const chosen = path.resolve('/mnt/archive/lantern');
    expect(chooseDataFolder({ environmentValue: '  ', storedValue: chosen, userDataPath })).toEqual({
      dataDir: chosen,
      source: 'settings',
    });
  });

  it('falls back to userData/data, ignoring a stored relative path', () => {
    expect(chooseDataFolder({ environmentValue: undefined, storedValue: 'data', userDataPath })).toEqual({
      dataDir: path.join(userDataPath, 'data'),
      source: 'default',
    });
  });
});
