// The README's Models table lists the model catalogue, in its order, with each model's download size.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBytes } from '../src/shared/models/byteSize';
import { MODEL_CATALOGUE } from '../src/shared/models/catalogue';
import { repoRoot } from './corpus';

describe('README, Models', () => {
  it("is what the README's Models table lists, with each download size", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = /\n## Models\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(MODEL_CATALOGUE.map((model) => model.name));
    for (const model of MODEL_CATALOGUE) {
      const row = rows.find((line) => line.startsWith(`| \`${model.name}\``))!;
      const size = model.isBuiltIn ? 'built in' : `${model.isDownloadSizeExact ? '' : 'about '}${describeBytes(model.downloadBytes)}`;
      expect(row).toContain(`| ${size} |`);
    }
  });
});
