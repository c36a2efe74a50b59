// Runs notmuch and mu (Debian packages) on the same maildir and queries, timing whole processes as users run them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { percentile } from './measure';
import type { BenchQuery } from './queries';

export interface PeerResult {
  name: 'notmuch' | 'mu';
  version: string;
  indexSeconds: number;
  messagesPerSecond: number;
  queryP50: number;
  queryP95: number;
  totals: Record<string, number>;
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Installs the peers from Debian when missing; the benchmark is never part of `npm test`. */
export function ensurePeers(): void {
  if (hasCommand('notmuch') && hasCommand('mu')) return;
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'notmuch', 'maildir-utils'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function timeRun(command: string, args: string[], env: NodeJS.ProcessEnv): { ms: number; stdout: string } {
  const begin = performance.now();
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - begin;
  if (result.status !== 0 && result.status !== 4) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

function timeQueries(
  queries: BenchQuery[],
  run: (query: string) => { ms: number; stdout: string },
  key: 'notmuch' | 'mu',
): { samples: number[]; totals: Record<string, number> } {
  const samples: number[] = [];
  const totals: Record<string, number> = {};
  for (let repeat = 0; repeat < 3; repeat += 1) {
    for (const query of queries) {
      const text = query[key];
      if (!text) continue;
      const { ms, stdout } = run(text);
      samples.push(ms);
      if (repeat === 0) totals[query.lantern] = stdout.split('\n').filter((line) => line.trim() !== '').length;
    }
  }
  return { samples, totals };
}

export async function runNotmuch(maildir: string, home: string, messages: number, queries: BenchQuery[]): Promise<PeerResult> {
  await mkdir(home, { recursive: true });
  const config = join(home, 'notmuch-config');
  await writeFile(
    config,
    `[database]\npath=${maildir}\n[user]\nname=Bench\nprimary_email=bench@example.com\n[new]\ntags=inbox;\n[search]\nexclude_tags=\n[maildir]\nsynchronize_flags=false\n`,
  );
  const env = { ...process.env, NOTMUCH_CONFIG: config };
  const index = timeRun('notmuch', ['new', '--quiet'], env);
  const { samples, totals } = timeQueries(queries, (query) => timeRun('notmuch', ['search', '--output=messages', query], env), 'notmuch');
  const version = execFileSync('notmuch', ['--version'], { encoding: 'utf8' }).trim();
  return {
    name: 'notmuch',
    version,
    indexSeconds: index.ms / 1000,
    messagesPerSecond: messages / (index.ms / 1000),
    queryP50: percentile(samples, 0.5),
    queryP95: percentile(samples, 0.95),
    totals,
  };
}

export async function runMu(maildir: string, home: string, messages: number, queries: BenchQuery[]): Promise<PeerResult> {
  await mkdir(home, { recursive: true });
  const env = { ...process.env };
  timeRun('mu', ['init', `--muhome=${home}`, `--maildir=${maildir}`], env);
  const index = timeRun('mu', ['index', `--muhome=${home}`, '--quiet'], env);
  const { samples, totals } = timeQueries(queries, (query) => timeRun('mu', ['find', `--muhome=${home}`, '--fields=i', query], env), 'mu');
  const version = execFileSync('mu', ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
  return {
    name: 'mu',
    version,
    indexSeconds: index.ms / 1000,
    messagesPerSecond: messages / (index.ms / 1000),
    queryP50: percentile(samples, 0.5),
    queryP95: percentile(samples, 0.95),
    totals,
  };
}
