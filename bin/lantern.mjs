#!/usr/bin/env node
// The `lantern` command: runs the built CLI (npm install builds it through the prepare script).
import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './codeCache.mjs';

const built = fileURLToPath(new URL('../out/cli/lantern.cjs', import.meta.url));
if (!existsSync(built)) {
  console.error('lantern: the command is not built yet; run `npm run build` in the Lantern folder first');
  process.exit(2);
}

/**
 * The engine keeps its catalog in the JavaScript heap and an import's batches and saves need room beside it: a million
 * messages came near Node's default limit (about 4 GB on a 16 GB machine). Half the machine's memory, up to 16 GB, is
 * allowed instead; the command runs itself again with that limit, and with the engine's environment (an environment
 * variable of the C library's takes effect only at start), when needed.
 */
const MB = 1024 * 1024;
const wantedMb = Math.min(16 * 1024, Math.floor(totalmem() / MB / 2));
const currentMb = getHeapStatistics().heap_size_limit / MB;
/**
 * Commands that only read the store and end when they have printed (issue 25: a whole `lantern search` as quick as
 * notmuch's) run in this process, saving the start of a second one, when Node's own limit is already 2 GB (its default
 * on a machine of 8 GB or more): an engine reading a million messages holds well under that in its heap, and the
 * allocator's setting only keeps a long-running engine's memory near what it uses. Options before the command name (`lantern --json search`) restart as before.
 * `lantern mcp` reads too, and a client waits for its first answer as for a whole command (issue 25): a second start was
 * a third of that wait, against a read-only engine's memory kept a little less tight.
 */
const READ_COMMANDS = new Set([
  'search',
  'show',
  'timeline',
  'attachments',
  'attachment',
  'folders',
  'stats',
  'help',
  '--help',
  '-h',
  'mcp',
]);
const READ_HEAP_MB = 2048;
/** The read commands that end once they have printed (src/cli/lantern.ts's ENDS_WHEN_PRINTED, which ends their process then). */
const ONE_SHOT_READS = new Set(['search', 'show', 'timeline', 'attachments', 'attachment', 'folders', 'stats']);
const isQuickRead = READ_COMMANDS.has(process.argv[2] ?? '') && currentMb + 512 >= Math.min(wantedMb, READ_HEAP_MB);
const heapArguments = wantedMb > currentMb + 512 ? [`--max-old-space-size=${wantedMb}`] : [];
/** The engine's process environment, as src/main/engineProcess.ts gives it (this file cannot import TypeScript). */
const engineEnvironment = { MALLOC_MMAP_THRESHOLD_: '262144' };
const isEngineEnvironmentSet = Object.keys(engineEnvironment).every((name) => process.env[name] !== undefined);
if (!isQuickRead && (heapArguments.length > 0 || !isEngineEnvironmentSet) && process.env.LANTERN_RESTARTED !== '1') {
  // Loaded here only: node:child_process brings Node's sockets and streams with it, which a quick read never uses.
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, ...heapArguments, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...engineEnvironment, ...process.env, LANTERN_RESTARTED: '1' },
  });
  // A terminal's Ctrl+C reaches both processes: the child decides what it means, this one passes other signals on.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => {
    if (signal !== 'SIGINT' && child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);
  child.once('error', (error) => {
    console.error(`lantern: could not start node again with a larger heap (${error.message})`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    for (const name of signals) process.off(name, forward);
    // End the way the child ended, so scripts see the same exit code or signal.
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
} else {
  // The engine's rule for its heap while it searches (src/engine/heapPolicy.ts), set before the command is compiled:
  // V8 takes a code cache only under the flags it was made with, and the engine sets this one when it opens.
  setFlagsFromString('--heap-growing-percent=50');
  // A command that ends once it has printed lets V8's young generation grow to its full size at the first collections
  // instead of doubling from its smallest: opening the store and searching then take fewer collections (and none of the
  // whole heap), for a few more megabytes held until the command ends. A long-running engine (`lantern mcp`, `lantern
  // serve`, an import) keeps V8's own growth, which holds its memory lower.
  if (ONE_SHOT_READS.has(process.argv[2] ?? '')) setFlagsFromString('--semi-space-growth-factor=16');
  runWithCodeCache(built, process.argv[2] ?? '');
}
