// Benchmark driver (own process): `lantern search --mode keyword` and `lantern mcp`'s first call, timed as whole
// processes from their start, as notmuch's searches are (bench/peers.ts): opening the store is part of every command.
import { spawn, spawnSync } from 'node:child_process';
import { BENCH_QUERIES } from './queries';
import { percentile } from './measure';

/** The `lantern` command's script (bin/lantern.mjs), the data folder to search, and how many times to run each query. */
const [lantern, dataDir, repeatsGiven] = process.argv.slice(2) as [string, string, string | undefined];
/** As notmuch's are: each query three times, whole processes one after another. */
const REPEATS = repeatsGiven === undefined ? 3 : Number(repeatsGiven);
/**
 * The environment of a usual machine: this one sets NODE_EXTRA_CA_CERTS to the system's whole certificate bundle, which
 * Node reads and parses at every start before any of Lantern's code runs (about 70 ms of CPU a process here; notmuch
 * reads nothing of the kind). The results say so.
 */
const { NODE_EXTRA_CA_CERTS: _certificates, ...usualEnvironment } = process.env;

function timeSearch(query: string): { ms: number; total: number } {
  const begin = performance.now();
  const result = spawnSync(
    process.execPath,
    [lantern, 'search', query, '--mode', 'keyword', '--limit', '20', '--json', '--data-dir', dataDir],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: usualEnvironment,
    },
  );
  const ms = performance.now() - begin;
  if (result.status !== 0) throw new Error(`lantern search ${JSON.stringify(query)} failed (${result.status}): ${result.stderr}`);
  return { ms, total: (JSON.parse(result.stdout) as { total: number }).total };
}

/** From starting `lantern mcp` to the reply to its first search_emails call, the client's handshake sent at once. */
function timeMcpFirstCall(query: string): Promise<{ ms: number; handshakeMs: number }> {
  const begin = performance.now();
  const child = spawn(process.execPath, [lantern, 'mcp', '--data-dir', dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: usualEnvironment,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const send = (message: Record<string, unknown>): void => void child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return new Promise((resolve, reject) => {
    let pending = '';
    let handshakeMs = 0;
    const timer = setTimeout(() => reject(new Error(`lantern mcp: no reply within 120 s; stderr: ${stderr.slice(-500)}`)), 120_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n')) {
        const reply = JSON.parse(pending.slice(0, newline)) as { id?: number; error?: unknown; result?: { isError?: boolean } };
        pending = pending.slice(newline + 1);
        if (reply.id === 1) handshakeMs = performance.now() - begin;
        if (reply.id !== 2) continue;
        const ms = performance.now() - begin;
        clearTimeout(timer);
        child.kill();
        if (reply.error || reply.result?.isError)
          reject(new Error(`lantern mcp: the search failed: ${JSON.stringify(reply).slice(0, 500)}`));
        else resolve({ ms, handshakeMs });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lantern mcp exited (${code}) before answering; stderr: ${stderr.slice(-500)}`));
    });
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'search_emails', arguments: { query, mode: 'keyword', limit: 20 } } });
  });
}

const samples: number[] = [];
const totals: Record<string, number> = {};
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const query of BENCH_QUERIES.filter((item) => item.notmuch !== null)) {
    const { ms, total } = timeSearch(query.lantern);
    samples.push(ms);
    if (repeat === 0) totals[query.lantern] = total;
  }
}
const mcpSamples: number[] = [];
let mcpHandshakeMs = 0;
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  const { ms, handshakeMs } = await timeMcpFirstCall(BENCH_QUERIES[0]!.lantern);
  mcpSamples.push(ms);
  mcpHandshakeMs = Math.max(mcpHandshakeMs, handshakeMs);
}
console.log(
  JSON.stringify({
    searchP50: percentile(samples, 0.5),
    searchP95: percentile(samples, 0.95),
    mcpFirstCallP50: percentile(mcpSamples, 0.5),
    mcpFirstCallMax: Math.max(...mcpSamples),
    mcpHandshakeMaxMs: mcpHandshakeMs,
    searches: samples.length,
    totals,
  }),
);
