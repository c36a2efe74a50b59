// `npm start`: builds if needed, then runs the Electron app, or browser mode where no Electron binary is installed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const forwardedArguments = process.argv.slice(2);

/** The Electron executable, or null: the electron package throws when its binary was never downloaded. */
function findElectron() {
  if (process.env.LANTERN_MODE === 'browser') return null;
  try {
    const executable = createRequire(join(repoRoot, 'package.json'))('electron');
    return typeof executable === 'string' && existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

/** Runs a command with our terminal, passing on the signals we get; resolves with its exit code or signal. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    const signals = process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of signals) process.on(signal, forward);
    child.once('error', (error) => {
      for (const signal of signals) process.off(signal, forward);
      reject(new Error(`start: could not run ${command}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      for (const signal of signals) process.off(signal, forward);
      resolve({ code, signal });
    });
  });
}

/** Ends this process the way the child ended, so callers see the same exit code or signal. */
function exitLike({ code, signal }) {
  if (signal) {
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

async function main() {
  if (!existsSync(join(repoRoot, 'out'))) {
    console.log('Lantern: no build in out/ yet; running "npm run build" first.');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = await run(npm, ['run', 'build'], { shell: process.platform === 'win32' });
    if (built.signal || built.code !== 0) {
      console.error('start: "npm run build" failed; fix the errors above and run "npm start" again.');
      exitLike(built.signal ? built : { code: built.code || 1, signal: null });
      return;
    }
  }

  const electron = findElectron();
  if (electron) {
    // ELECTRON_RUN_AS_NODE, if inherited, would make Electron act as plain Node and ignore the app.
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    exitLike(await run(electron, ['.', ...forwardedArguments], { env }));
    return;
  }

  console.log('Lantern: the Electron binary is not installed here; starting browser mode instead.');
  exitLike(await run(process.execPath, [join(repoRoot, 'bin', 'lantern.mjs'), 'serve', ...forwardedArguments]));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
