// An S3-compatible object store on 127.0.0.1 for tests: a one-node OpenStack Swift (Debian's packages) with its s3api.
//
// Swift's s3api is the S3 front end of production Swift clusters, so LanceDB meets a real server's listing, multipart
// and error behaviour here. Its s3api (Swift 2.30 in Debian 12) refuses S3's create-only PUT (If-None-Match: *), with
// which LanceDB commits each table version; test/swift/create_only.py hands that header on to Swift's own object PUT,
// which honours it. The store lives in a temp folder; memcached holds what Swift's auth caches. `.ci/run` installs
// swift-proxy, swift-account, swift-container, swift-object and memcached.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { open, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir, repoRoot } from './corpus';
import { s3Request, type S3Credentials } from './s3Request';

const run = promisify(execFile);
const RING_KINDS = ['account', 'container', 'object'] as const;
const START_TIMEOUT_MS = 90_000;

export interface S3Server extends S3Credentials {
  /** The environment variables LanceDB's object store reads for this server. */
  environment: Record<string, string>;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  await requireCommands(['swift-proxy-server', 'swift-ring-builder', 'memcached']);
  const dir = await makeTempDir();
  const ports = await freePorts(['proxy', 'memcache', ...RING_KINDS]);
  const configDir = join(dir, 'etc');
  await mkdir(join(dir, 'devices', 'd1'), { recursive: true });
  await mkdir(configDir, { recursive: true });
  await writeFile(join(configDir, 'swift.conf'), swiftConf());
  await Promise.all(RING_KINDS.map((kind) => buildRing(configDir, kind, ports[kind])));
  for (const kind of RING_KINDS) await writeFile(join(configDir, `${kind}-server.conf`), storageServerConf(kind, ports[kind], dir));
  await writeFile(join(configDir, 'proxy-server.conf'), proxyServerConf(ports.proxy, ports.memcache, configDir));

  const processes: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map(endProcess));
  };
  try {
    // memcached refuses to run as root unless told which user to be (CI runs as root).
    const asUser = process.getuid?.() === 0 ? ['-u', 'root'] : [];
    processes.push(
      await startProcess(dir, 'memcached', ['-l', '127.0.0.1', '-p', String(ports.memcache), '-U', '0', '-m', '16', ...asUser]),
    );
    for (const kind of RING_KINDS)
      processes.push(await startProcess(dir, `swift-${kind}-server`, [join(configDir, `${kind}-server.conf`), '-v']));
    processes.push(
      await startProcess(dir, 'swift-proxy-server', [join(configDir, 'proxy-server.conf'), '-v'], {
        PYTHONPATH: join(repoRoot, 'test', 'swift'),
        // No __pycache__ beside the filter in the checkout.
        PYTHONDONTWRITEBYTECODE: '1',
      }),
    );
    await Promise.all(Object.values(ports).map((port) => waitForPort(port, processes, dir)));
  } catch (error) {
    await stop();
    throw error;
  }
  const credentials: S3Credentials = {
    endpoint: `http://127.0.0.1:${ports.proxy}`,
    accessKeyId: 'lantern:tester',
    secretAccessKey: 'testing',
    region: 'us-east-1',
  };
  return {
    ...credentials,
    environment: {
      AWS_ENDPOINT: credentials.endpoint,
      AWS_ALLOW_HTTP: 'true',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_REGION: credentials.region,
    },
    async createBucket(name) {
      const { status, text } = await s3Request(credentials, 'PUT', `/${name}`);
      if (status !== 200) throw new Error(`s3Server: creating bucket ${name} answered ${status}: ${text}`);
    },
    stop,
  };
}

async function requireCommands(commands: string[]): Promise<void> {
  for (const command of commands) {
    await run('sh', ['-c', `command -v ${command}`]).catch(() => {
      throw new Error(
        `s3Server: ${command} is not installed; install Debian's swift-proxy swift-account swift-container swift-object memcached (.ci/run does)`,
      );
    });
  }
}

/** A port free on 127.0.0.1 now for each name, all different: held open together, then released. */
async function freePorts<Name extends string>(names: readonly Name[]): Promise<Record<Name, number>> {
  const servers = await Promise.all(
    names.map(
      () =>
        new Promise<Server>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = Object.fromEntries(names.map((name, index) => [name, (servers[index]!.address() as AddressInfo).port]));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports as Record<Name, number>;
}

async function buildRing(configDir: string, kind: string, port: number): Promise<void> {
  const builder = join(configDir, `${kind}.builder`);
  // 2^4 partitions, one replica: one device holds everything.
  await run('swift-ring-builder', [builder, 'create', '4', '1', '0']);
  await run('swift-ring-builder', [builder, 'add', `r1z1-127.0.0.1:${port}/d1`, '1']);
  // rebalance exits 1 when it only warns (one device cannot be spread over zones); the ring is written all the same.
  await run('swift-ring-builder', [builder, 'rebalance']).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
}

function swiftConf(): string {
  return [
    '[swift-hash]',
    'swift_hash_path_suffix = lantern-test',
    'swift_hash_path_prefix = lantern-test',
    '',
    '[storage-policy:0]',
    'name = Policy-0',
    'default = yes',
    '',
  ].join('\n');
}

/** Settings every server shares: loopback only, one process, logs at warnings (to the console with -v). */
function commonSettings(port: number, configDir: string): string[] {
  return ['[DEFAULT]', 'bind_ip = 127.0.0.1', `bind_port = ${port}`, 'workers = 0', `swift_dir = ${configDir}`, 'log_level = WARNING'];
}

function storageServerConf(kind: string, port: number, dir: string): string {
  return [
    ...commonSettings(port, join(dir, 'etc')),
    `devices = ${join(dir, 'devices')}`,
    // The devices are folders of a temp dir, not mount points.
    'mount_check = false',
    '',
    '[pipeline:main]',
    `pipeline = ${kind}-server`,
    '',
    `[app:${kind}-server]`,
    `use = egg:swift#${kind}`,
    '',
  ].join('\n');
}

function proxyServerConf(port: number, memcachePort: number, configDir: string): string {
  const filter = (name: string, ...lines: string[]): string[] => ['', `[filter:${name}]`, ...lines];
  return [
    ...commonSettings(port, configDir),
    '',
    '[pipeline:main]',
    // s3api's documented order with tempauth, plus create_only's two halves around it (test/swift/create_only.py).
    'pipeline = catch_errors gatekeeper proxy-logging cache listing_formats create_only_hold s3api tempauth create_only_restore copy slo dlo proxy-logging proxy-server',
    '',
    '[app:proxy-server]',
    'use = egg:swift#proxy',
    'account_autocreate = true',
    ...filter('catch_errors', 'use = egg:swift#catch_errors'),
    ...filter('gatekeeper', 'use = egg:swift#gatekeeper'),
    ...filter('proxy-logging', 'use = egg:swift#proxy_logging'),
    ...filter('cache', 'use = egg:swift#memcache', `memcache_servers = 127.0.0.1:${memcachePort}`),
    ...filter('listing_formats', 'use = egg:swift#listing_formats'),
    ...filter('create_only_hold', 'paste.filter_factory = create_only:hold_factory'),
    ...filter('s3api', 'use = egg:swift#s3api', 'location = us-east-1'),
    ...filter('tempauth', 'use = egg:swift#tempauth', 'user_lantern_tester = testing .admin'),
    ...filter('create_only_restore', 'paste.filter_factory = create_only:restore_factory'),
    ...filter('copy', 'use = egg:swift#copy'),
    ...filter('slo', 'use = egg:swift#slo'),
    ...filter('dlo', 'use = egg:swift#dlo'),
    '',
  ].join('\n');
}

async function startProcess(dir: string, command: string, args: string[], environment: Record<string, string> = {}): Promise<ChildProcess> {
  const log = await open(join(dir, `${command}.log`), 'a');
  const child = spawn(command, args, { stdio: ['ignore', log.fd, log.fd], env: { ...process.env, ...environment } });
  child.on('exit', () => void log.close().catch(() => undefined));
  return child;
}

/** Resolves once 127.0.0.1:port accepts connections; fails with the logs if a process ends or time runs out. */
async function waitForPort(port: number, processes: ChildProcess[], dir: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const ended = processes.find((child) => child.exitCode !== null || child.signalCode !== null);
    if (ended)
      throw new Error(
        `s3Server: ${ended.spawnfile} ended at start (${ended.exitCode ?? ended.signalCode}):\n${await logTail(dir, ended.spawnfile)}`,
      );
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`s3Server: nothing listens on 127.0.0.1:${port} after ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function logTail(dir: string, command: string): Promise<string> {
  const text = await readFile(join(dir, `${command}.log`), 'utf8').catch(() => '');
  return text.split('\n').slice(-20).join('\n');
}

async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
