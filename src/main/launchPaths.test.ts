import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathsFromArgv } from './launchPaths';

describe('pathsFromArgv', () => {
  const cwd = path.resolve('/home/person');

  it('skips the executable, and the app folder when unpackaged', () => {
    expect(pathsFromArgv(['/usr/bin/lantern', 'mail.mbox'], { isPackaged: true, workingDirectory: cwd })).toEqual([
      path.join(cwd, 'mail.mbox'),
    ]);
    expect(pathsFromArgv(['/usr/bin/electron', '.', 'mail.mbox'], { isPackaged: false, workingDirectory: cwd })).toEqual([
      path.join(cwd, 'mail.mbox'),
    ]);
  });

  it('drops Chromium and Electron flags and keeps absolute paths', () => {
    const argv = ['/usr/bin/lantern', '--original-process-start-time=1', '--no-sandbox', '/data/Takeout', '', 'old.pst'];
    expect(pathsFromArgv(argv, { isPackaged: true, workingDirectory: cwd })).toEqual([
      path.resolve('/data/Takeout'),
      path.join(cwd, 'old.pst'),
    ]);
  });

  it('finds nothing in a plain launch', () => {
    expect(pathsFromArgv(['/usr/bin/lantern'], { isPackaged: true, workingDirectory: cwd })).toEqual([]);
  });
});
