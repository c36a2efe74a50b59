// `lantern models` as a shell sees it: list, get from a mirror (a local hub), use, remove, and a failed get's sentence.
import { execFileSync, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelDownloadOutcome, ModelListing } from '../../shared/model/models';
import { findCatalogueModel } from '../../shared/models/catalogue';
import { makeTempDir, repoRoot, sharedDir } from '../../../test/corpus';
import { startHubServer, type HubServer } from '../../../test/hubServer';

const bin = join(repoRoot, 'bin', 'lantern.mjs');
const STORIES = findCatalogueModel('stories260k')!;

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI without blocking this process, which serves the hub the CLI downloads from. */
function lantern(args: string[], environment: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, LANTERN_DATA_DIR: '', LANTERN_MODEL_MIRROR: '', ...environment },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
  });
}

/** A port nothing listens on: one the system just gave out and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let hub: HubServer;
let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
  hub = await startHubServer([
    {
      repository: STORIES.repository,
      revision: STORIES.revision,
      path: STORIES.files[0]!.path,
      bytes: await readFile(join(sharedDir, 'models', 'tinyllamas', 'stories260K.gguf')),
      isLfs: true,
    },
  ]);
  dataDir = await makeTempDir();
});

afterAll(async () => {
  await hub.close();
});

describe('lantern models', () => {
  it('lists the catalogue with costs and sources, and downloads nothing', async () => {
    const listed = await lantern(['models', 'list', '--json', '--data-dir', dataDir]);
    expect(listed.status).toBe(0);
    const listing = JSON.parse(listed.stdout) as ModelListing;
    expect(listing.source).toBe('https://huggingface.co');
    expect(listing.modelsFolder).toBe(join(dataDir, 'models'));
    const names = listing.models.map((model) => model.name);
    expect(names).toEqual(
      expect.arrayContaining(['all-minilm-l6-v2', 'bge-small-en-v1.5', 'multilingual-e5-small', 'ms-marco-minilm-l6-v2']),
    );
    expect(listing.models.find((model) => model.name === 'universal-sentence-encoder')).toMatchObject({
      isInUse: true,
      state: 'installed',
    });
    expect(listing.models.find((model) => model.name === 'stories260k')).toMatchObject({ state: 'available', downloadBytes: 1_185_376 });
    expect(hub.requests).toEqual([]);

    const mirrored = await lantern(['models', '--json', '--data-dir', dataDir], { LANTERN_MODEL_MIRROR: hub.url });
    expect((JSON.parse(mirrored.stdout) as ModelListing).source).toBe(hub.url);

    const text = await lantern(['models', '--data-dir', dataDir]);
    expect(text.stdout).toContain('* universal-sentence-encoder');
    expect(text.stdout).toContain('Meaning search (embedder)');
  });

  it('gets a model from the mirror given, verified, then uses and removes it', async () => {
    const got = await lantern(['models', 'get', 'stories260k', '--mirror', hub.url, '--json', '--data-dir', dataDir]);
    expect(got.status).toBe(0);
    // Progress goes to stderr (a line every few seconds when it is not a terminal): bytes, total, host, rate.
    expect(got.stderr).toMatch(/stories260k: [\d.]+ [KM]B of 1\.2 MB from 127\.0\.0\.1:\d+ [\d.]+ [KM]?B\/s/);
    expect(JSON.parse(got.stdout) as ModelDownloadOutcome).toEqual({ name: 'stories260k', phase: 'installed', bytesOnDisk: 1_185_376 });
    expect(hub.requests.map((request) => request.url)).toEqual(['/ggml-org/models/resolve/main/tinyllamas/stories260K.gguf']);

    const used = await lantern(['models', 'use', 'stories260k', '--json', '--data-dir', dataDir]);
    expect(used.status).toBe(0);
    const modelPath = join(dataDir, 'models', 'stories260k', 'tinyllamas', 'stories260K.gguf');
    expect(JSON.parse(used.stdout as string).models.find((model: { name: string }) => model.name === 'stories260k')).toMatchObject({
      state: 'installed',
      isInUse: true,
      path: modelPath,
    });
    const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as { settings: { answerProvider: unknown } };
    expect(settings.settings.answerProvider).toEqual({ kind: 'local', modelPath });

    const removed = await lantern(['models', 'remove', 'stories260k', '--data-dir', dataDir]);
    expect(removed.stdout.trim()).toBe('Removed stories260k.');
    const after = JSON.parse((await lantern(['models', '--json', '--data-dir', dataDir])).stdout) as ModelListing;
    expect(after.models.find((model) => model.name === 'extractive')!.isInUse).toBe(true);
  });

  it('pauses on Ctrl-C, keeping the bytes, and the next get resumes them', async () => {
    const folder = await makeTempDir();
    hub.faults.slowChunkBytes = 16 * 1024;
    hub.requests.length = 0;
    // In a group of its own, so Ctrl-C can be sent as a terminal sends it: to every process of the command (bin/lantern.mjs
    // runs the CLI again in a child with a larger heap).
    const child = spawn(process.execPath, [bin, 'models', 'get', 'stories260k', '--mirror', hub.url, '--data-dir', folder], {
      env: { ...process.env, LANTERN_DATA_DIR: '', LANTERN_MODEL_MIRROR: '' },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let isInterrupted = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The first progress line says bytes are arriving: that is when a person would press Ctrl-C.
      if (stderr.includes('stories260k:') && !isInterrupted) {
        isInterrupted = true;
        process.kill(-child.pid!, 'SIGINT');
      }
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    hub.faults.slowChunkBytes = undefined;
    expect(status).toBe(1);
    expect(stdout).toMatch(/^stories260k: paused; [\d.]+ [KM]B kept, and lantern models get stories260k resumes\n$/);
    const resumed = await lantern(['models', 'get', 'stories260k', '--mirror', hub.url, '--json', '--data-dir', folder]);
    expect(resumed.status).toBe(0);
    const ranges = hub.requests.filter((request) => request.url.includes('/resolve/')).map((request) => request.range);
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=[1-9]\d*-$/);
  });

  it('says in one line why a get failed, and what a mistake in the command is', async () => {
    const closedPort = await freePort();
    const down = await lantern(['models', 'get', 'stories260k', '--mirror', `http://127.0.0.1:${closedPort}`, '--data-dir', dataDir]);
    expect(down.status).toBe(1);
    expect(down.stderr.trim()).toBe(`lantern: models: 127.0.0.1:${closedPort} refused the connection: nothing is serving there now`);

    const unknown = await lantern(['models', 'get', 'gpt-5', '--data-dir', dataDir]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^lantern: models: there is no model named "gpt-5"/);

    const noName = await lantern(['models', 'get', '--data-dir', dataDir]);
    expect(noName.status).toBe(2);
    expect(noName.stderr.trim()).toBe('lantern models get: give a model name (see lantern models list)');
  });
});
