// The README's operator tables are the grammar's own help text, so the two cannot drift apart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpMarkdown } from '../src/shared/query/help';
import { repoRoot } from './corpus';

describe('README', () => {
  it('lists exactly the operators, scopes and plain-English examples of the grammar', async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    const section = /<!-- operators:start[^>]*-->\n([\s\S]*?)\n<!-- operators:end -->/.exec(readme)?.[1];
    expect(section).toBeDefined();
    expect(section!.trim()).toBe(helpMarkdown().replaceAll('### ', '#### ').trim());
  });
});
