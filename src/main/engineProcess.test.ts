// The plain-JavaScript starters of the engine set the same environment as ENGINE_ENVIRONMENT, which they cannot import.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ENGINE_ENVIRONMENT } from './engineProcess';

const repoRoot = new URL('../../', import.meta.url);

describe('engine process environment', () => {
  it.each(['bin/lantern.mjs', 'scripts/faults/lanternProcess.mjs'])(
    '%s sets every variable of ENGINE_ENVIRONMENT to the same value',
    async (path) => {
      const text = await readFile(new URL(path, repoRoot), 'utf8');
      for (const [name, value] of Object.entries(ENGINE_ENVIRONMENT)) expect(text).toContain(`${name}: '${value}'`);
    },
  );
});
