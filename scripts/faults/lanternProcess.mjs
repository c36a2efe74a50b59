// Runs the built `lantern` command as a child process group that a fault can kill, or limit in file size, at will.
import { spawn, spawnSync } from 'node:child_process';
import { copyFile, cp, mkdir, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** The engine's process environment, as bin/lantern.mjs gives it. */
const ENGINE_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '262144', LANTERN_RESTARTED: '1' };

/**
 * Builds the CLI with the project's own build script into `folder` (inside the repository, so the bundle's bare imports
 * resolve to its node_modules) rather than using out/: other sessions rebuilding out/ during a long run (the build
 * empties out/chunks first) would make commands fail for reasons that are not faults. The script builds into the folder
 * it finds beside its own, so it is put there with the sources and the launcher (bin/): the working tree's, linked, or a
 * commit's (`ref`).
 */
export async function buildCli(folder, ref) {
  await mkdir(join(folder, 'scripts'), { recursive: true });
  if (ref === undefined) {
    await copyFile(join(repoRoot, 'scripts', 'build-cli.mjs'), join(folder, 'scripts', 'build-cli.mjs'));
    await cp(join(repoRoot, 'bin'), join(folder, 'bin'), { recursive: true });
    await symlink(join(repoRoot, 'src'), join(folder, 'src'), 'dir');
  } else {
    const archive = spawnSync('git', ['-C', repoRoot, 'archive', '--format=tar', ref, 'src', 'bin', 'scripts/build-cli.mjs'], {
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`faults: git archive ${ref} failed: ${archive.stderr.toString().trim()}`);
    const unpack = spawnSync('tar', ['-x', '-C', folder], { input: archive.stdout });
    if (unpack.status !== 0) throw new Error(`faults: unpacking ${ref}'s sources failed: ${unpack.stderr.toString().trim()}`);
  }
  const build = spawnSync(process.execPath, [join(folder, 'scripts', 'build-cli.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`faults: building the CLI failed: ${build.stderr.trim()}`);
  // The command as people run it: bin/lantern.mjs starts the build beside it (since fd26308 through V8's code cache).
  return join(folder, 'bin', 'lantern.mjs');
}

/** Process groups of commands still running, ended when the run is interrupted (they are detached from it). */
const running = new Set();

export function killRunning() {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Which sources a run tested: a commit, or the working tree at one (with or without changes to src/). */
export function describeBuild(ref) {
  const commit = spawnSync('git', ['-C', repoRoot, 'rev-parse', '--short', ref ?? 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  if (ref !== undefined) return `commit ${commit}`;
  const changed = spawnSync('git', ['-C', repoRoot, 'status', '--porcelain', 'src'], { encoding: 'utf8' }).stdout.trim();
  return `the working tree at ${commit}${changed ? ' with uncommitted changes to src/' : ''}`;
}

/**
 * A run of one command. `kill`: { afterMs } kills the process group that long after the start, { afterJson, delayMs }
 * that long after a whole JSON document appeared on stdout (the command's report). `fileSizeLimitKb` runs it under
 * `ulimit -f` (RLIMIT_FSIZE), so a write past that size fails with EFBIG as on a full disk.
 */
export async function runLantern(cliFile, args, { kill, fileSizeLimitKb, timeoutMs = 300_000 } = {}) {
  const node = [process.execPath, cliFile, ...args];
  const [command, commandArgs] =
    fileSizeLimitKb === undefined
      ? [node[0], node.slice(1)]
      : ['bash', ['-c', `ulimit -f ${Math.max(1, Math.round(fileSizeLimitKb))}; exec "$@"`, 'lantern', ...node]];
  const started = performance.now();
  const child = spawn(command, commandArgs, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...ENGINE_ENVIRONMENT },
  });
  running.add(child.pid);
  let stdout = '';
  let stderr = '';
  let reportAtMs = null;
  let exited = false;
  let wasKilled = false;
  const timers = [];
  const killGroup = () => {
    if (exited) return;
    wasKilled = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      if (error.code !== 'ESRCH') throw error;
    }
  };
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (reportAtMs === null && parseJson(stdout) !== null) {
      reportAtMs = performance.now() - started;
      if (kill?.afterJson) timers.push(setTimeout(killGroup, kill.delayMs));
    }
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  if (kill?.afterMs !== undefined) timers.push(setTimeout(killGroup, kill.afterMs));
  const timeout = setTimeout(() => {
    stderr += `\nfaults: killed after ${timeoutMs} ms without an end`;
    killGroup();
  }, timeoutMs);
  const [code, signal] = await new Promise((resolveExit, rejectExit) => {
    child.once('error', rejectExit);
    child.once('exit', () => {
      exited = true;
      running.delete(child.pid);
    });
    // After the exit and the end of its output.
    child.once('close', (exitCode, exitSignal) => resolveExit([exitCode, exitSignal]));
  });
  for (const timer of [...timers, timeout]) clearTimeout(timer);
  return {
    args,
    code,
    signal,
    stdout,
    stderr,
    json: parseJson(stdout),
    reportAtMs,
    wasKilled: wasKilled && signal === 'SIGKILL',
    elapsedMs: performance.now() - started,
  };
}

function parseJson(text) {
  const trimmed = text.trim();
  if (!trimmed.endsWith('}') && !trimmed.endsWith(']')) return null;
  try {
    return JSON.parse(trimmed);
  } catch {
    return null;
  }
}

/** Runs a command that must succeed; throws with its stderr otherwise. */
export async function runLanternOrThrow(cliFile, args, options) {
  const run = await runLantern(cliFile, args, options);
  if (run.code !== 0)
    throw new Error(`faults: lantern ${args.join(' ')} failed (exit ${run.code ?? run.signal}): ${run.stderr.trim().slice(-2000)}`);
  return run;
}

export async function makeFolder(path) {
  await mkdir(path, { recursive: true });
  return path;
}
