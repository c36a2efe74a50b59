// npm reads this project's config without a warning, and every dependency's install script is allowed or denied.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './corpus';

const run = promisify(execFile);

describe('npm install', () => {
  it('has no unknown config and no install script left unreviewed', async () => {
    // `install-scripts ls` reads the installed tree the way `npm install` ends, and reads .npmrc like every command.
    const { stdout, stderr } = await run('npm', ['install-scripts', 'ls', '--json'], { cwd: repoRoot });
    expect(stderr).not.toMatch(/warn/i);
    expect(JSON.parse(stdout)).toEqual({ allowScripts: [] });
  });
});
