// A query may begin with "-": after the command word, a word that names no option is the query.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, repoRoot } from '../../test/corpus';
import { separateQueryArguments, type KnownOptions } from './queryArguments';

const options: KnownOptions = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  limit: { type: 'string' },
  'data-dir': { type: 'string' },
};

describe('separateQueryArguments', () => {
  it('takes a query that begins with a minus as the query, with options before and after it', () => {
    expect(separateQueryArguments(['search', '-from:noreply budget', '--json'], options)).toEqual([
      '--json',
      '--',
      'search',
      '-from:noreply budget',
    ]);
    expect(separateQueryArguments(['--data-dir', '/d', 'search', '--limit', '5', '-budget'], options)).toEqual([
      '--data-dir',
      '/d',
      '--limit',
      '5',
      '--',
      'search',
      '-budget',
    ]);
  });

  it('keeps everything after -- as positionals, and a value of an option that looks like a query', () => {
    expect(separateQueryArguments(['search', '--', '-from:noreply budget'], options)).toEqual(['--', 'search', '-from:noreply budget']);
    expect(separateQueryArguments(['search', '--limit', '-5', 'x'], options)).toEqual(['--limit', '-5', '--', 'search', 'x']);
  });

  it('leaves known short options and unknown long options to parseArgs, and options before the command alone', () => {
    expect(separateQueryArguments(['search', 'x', '-h'], options)).toEqual(['-h', '--', 'search', 'x']);
    expect(separateQueryArguments(['search', 'x', '--nope'], options)).toEqual(['--nope', '--', 'search', 'x']);
    expect(separateQueryArguments(['-x', 'search'], options)).toEqual(['-x', '--', 'search']);
  });
});

describe('lantern search with a query that begins with a minus', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
  });

  it.each([
    ['after --', ['search', '--json', '--', '-from:noreply budget']],
    ['as the query itself', ['search', '-from:noreply budget', '--json']],
  ])('searches it %s', async (_, args) => {
    const dataDir = await makeTempDir();
    const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'lantern.mjs'), '--data-dir', dataDir, ...args], {
      encoding: 'utf8',
      env: { ...process.env, LANTERN_DATA_DIR: '' },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { query: string; parsed: { text: string; filters: { operator: string; negated: boolean }[] } };
    expect(result.query).toBe('-from:noreply budget');
    expect(result.parsed.text).toBe('budget');
    expect(result.parsed.filters).toEqual([{ operator: 'from', value: 'noreply', negated: true }]);
  });
});
