// The README's keyboard table is the `?` sheet's own list, so the two cannot drift apart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortcutsMarkdown } from '../src/renderer/src/features/help/shortcuts';
import { repoRoot } from './corpus';

describe('README keyboard section', () => {
  it('lists exactly the shortcuts of the help sheet', async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    const section = /<!-- shortcuts:start[^>]*-->\n([\s\S]*?)\n<!-- shortcuts:end -->/.exec(readme)?.[1];
    expect(section).toBeDefined();
    expect(section!.trim()).toBe(shortcutsMarkdown().trim());
  });
});
