// The model manager against a local hub: get with progress, verify, install, list, use, remove; resume, faults, cancel, disk.
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LanternEvent } from '../../shared/contract/api';
import { LanternError } from '../../shared/contract/errors';
import type { CatalogueModel, ModelDownloadProgress } from '../../shared/model/models';
import { MODEL_CATALOGUE, findCatalogueModel } from '../../shared/models/catalogue';
import { makeTempDir, sharedDir } from '../../../test/corpus';
import { startHubServer, type HubFile, type HubServer } from '../../../test/hubServer';
import { startProxyServer } from '../../../test/proxyServer';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import { createTransformersEmbedder } from '../embed/transformersEmbedder';
import { EngineSettings } from '../settings/engineSettings';
import { ModelManager } from './modelManager';

const EMBEDDER_REPOSITORY = 'test-org/tiny-embedder';
const EMBEDDER_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];
const STORIES = findCatalogueModel('stories260k')!;
const GGUF_PATH = join(sharedDir, 'models', 'tinyllamas', 'stories260K.gguf');

let hubFiles: HubFile[];
let testCatalogue: CatalogueModel[];

beforeAll(async () => {
  const folder = join(await makeTempDir(), 'tiny');
  await writeBertModelFolder(folder, TINY_SHAPE);
  hubFiles = [
    ...(await Promise.all(
      EMBEDDER_FILES.map(async (path) => ({
        repository: EMBEDDER_REPOSITORY,
        revision: 'main',
        path,
        bytes: await readFile(join(folder, path)),
        isLfs: path.endsWith('.onnx'),
      })),
    )),
    {
      repository: STORIES.repository,
      revision: STORIES.revision,
      path: STORIES.files[0]!.path,
      bytes: await readFile(GGUF_PATH),
      isLfs: true,
    },
  ];
  const tinyEmbedder: CatalogueModel = {
    ...findCatalogueModel('all-minilm-l6-v2')!,
    name: 'tiny-embedder',
    repository: EMBEDDER_REPOSITORY,
    revision: 'main',
    // Sizes rounded and digests unknown, as for the catalogue's Xenova exports: the listing supplies both.
    files: EMBEDDER_FILES.map((path) => ({ path, bytes: 1_000, isSizeExact: false, sha256: null })),
  };
  const tooLarge: CatalogueModel = {
    ...STORIES,
    name: 'too-large',
    files: [{ ...STORIES.files[0]!, bytes: 10 ** 15 }],
  };
  testCatalogue = [...MODEL_CATALOGUE.filter((model) => model.isBuiltIn), tinyEmbedder, STORIES, tooLarge];
});

interface Setup {
  hub: HubServer;
  manager: ModelManager;
  settings: EngineSettings;
  dataDir: string;
  events: ModelDownloadProgress[];
}

const opened: Setup[] = [];

async function setUp(): Promise<Setup> {
  const hub = await startHubServer(hubFiles);
  const dataDir = await makeTempDir();
  const settings = await EngineSettings.load({ dataDir });
  await settings.update({ modelMirror: hub.url });
  const events: ModelDownloadProgress[] = [];
  const emit = (event: LanternEvent): void => {
    if (event.type === 'model-download') events.push(event.progress);
  };
  const setup = { hub, manager: new ModelManager({ dataDir, settings, emit, catalogue: testCatalogue }), settings, dataDir, events };
  opened.push(setup);
  return setup;
}

afterEach(async () => {
  for (const setup of opened.splice(0)) {
    await setup.manager.close();
    await setup.settings.close();
    await setup.hub.close();
  }
});

async function failure(work: Promise<unknown>): Promise<LanternError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LanternError);
  return error as LanternError;
}

async function entry(manager: ModelManager, name: string) {
  return (await manager.list()).models.find((model) => model.name === name)!;
}

describe('model manager', () => {
  it('gets a model with progress, verifies it, installs it, lists it, uses it and removes it', async () => {
    const { hub, manager, settings, dataDir, events } = await setUp();
    hub.faults.redirect = true;
    expect((await entry(manager, 'tiny-embedder')).state).toBe('available');

    const outcome = await manager.download('tiny-embedder', {});
    const total = hubFiles.filter((file) => file.repository === EMBEDDER_REPOSITORY).reduce((sum, file) => sum + file.bytes.length, 0);
    expect(outcome).toEqual({ name: 'tiny-embedder', phase: 'installed', bytesOnDisk: total });
    const phases = events.map((event) => event.phase);
    expect(phases[0]).toBe('starting');
    expect(phases).toContain('verifying');
    expect(phases.at(-1)).toBe('installed');
    expect(events.at(-1)).toMatchObject({ bytesDone: total, bytesTotal: total, host: `127.0.0.1:${hub.port}` });

    const folder = join(dataDir, 'models', 'tiny-embedder');
    const listed = await entry(manager, 'tiny-embedder');
    expect(listed).toMatchObject({ state: 'installed', isInUse: false, path: folder });
    expect(listed.bytesOnDisk).toBeGreaterThanOrEqual(total);
    expect(existsSync(join(dataDir, 'models', 'tiny-embedder.partial'))).toBe(false);
    // The catalogue's passage length goes beside the files, where the embedder reads it.
    expect(JSON.parse(await readFile(join(folder, 'sentence_bert_config.json'), 'utf8'))).toEqual({ max_seq_length: 256 });
    // The installed folder is one the embedder loads as it is.
    const embedder = await createTransformersEmbedder(folder);
    expect((await embedder.embed(['hello world']))[0]!.length).toBe(TINY_SHAPE.hidden);
    await embedder.close();

    const afterUse = await manager.use('tiny-embedder');
    expect(settings.current.modelFolder).toBe(folder);
    expect(afterUse.models.find((model) => model.name === 'tiny-embedder')!.isInUse).toBe(true);
    expect(afterUse.models.find((model) => model.name === 'universal-sentence-encoder')!.isInUse).toBe(false);

    const afterRemove = await manager.remove('tiny-embedder');
    expect(existsSync(folder)).toBe(false);
    expect(settings.current.modelFolder).toBeNull();
    expect(afterRemove.models.find((model) => model.name === 'universal-sentence-encoder')!.isInUse).toBe(true);
    expect(afterRemove.models.find((model) => model.name === 'tiny-embedder')!.state).toBe('available');
  });

  it('resumes a cut download from the bytes it kept, with an HTTP Range, fetching no byte twice', async () => {
    const { hub, manager, dataDir } = await setUp();
    const size = hubFiles.at(-1)!.bytes.length;
    hub.faults.cutAfterBytes = { path: STORIES.files[0]!.path, bytes: 300_000 };
    const cut = await failure(manager.download('stories260k', {}));
    expect(cut.code).toBe('download-failed');
    expect(cut.message).toMatch(/^models: the connection to 127\.0\.0\.1:\d+ was cut midway; 300 KB are kept and the next get resumes/);
    const paused = await entry(manager, 'stories260k');
    expect(paused).toMatchObject({ state: 'paused', bytesOnDisk: 300_000 });

    const outcome = await manager.download('stories260k', {});
    expect(outcome.phase).toBe('installed');
    const fileRequests = hub.requests.filter((request) => request.url.includes('/resolve/'));
    expect(fileRequests.map((request) => request.range)).toEqual([undefined, 'bytes=300000-']);
    expect(hub.bytesSent).toBe(size);
    const installed = join(dataDir, 'models', 'stories260k', STORIES.files[0]!.path);
    expect((await stat(installed)).size).toBe(size);
    // The catalogue pins this file's SHA-256, so the listing was never asked for.
    expect(hub.requests.some((request) => request.url.startsWith('/api/'))).toBe(false);
  });

  it('starts a file over when a mirror ignores the Range, and still installs it whole', async () => {
    const { hub, manager } = await setUp();
    hub.faults.cutAfterBytes = { path: STORIES.files[0]!.path, bytes: 200_000 };
    await failure(manager.download('stories260k', {}));
    hub.faults.ignoreRange = true;
    expect((await manager.download('stories260k', {})).phase).toBe('installed');
  });

  it('refuses a file whose digest differs from the published one and deletes it', async () => {
    const { hub, manager, dataDir } = await setUp();
    hub.faults.wrongBytes = 'onnx/model_quantized.onnx';
    const error = await failure(manager.download('tiny-embedder', {}));
    expect(error.message).toMatch(
      /^models: onnx\/model_quantized\.onnx of tiny-embedder is not the published file \(its SHA-256 is [0-9a-f]{64}, not the published [0-9a-f]{64}\); it was deleted and nothing was installed$/,
    );
    const partial = join(dataDir, 'models', 'tiny-embedder.partial');
    const left = await readdir(join(partial, 'onnx')).catch(() => []);
    expect(left).toEqual([]);
    expect(existsSync(join(dataDir, 'models', 'tiny-embedder'))).toBe(false);
  });

  it('holds to the digest the catalogue pins, even when the server lists another for the bytes it sends', async () => {
    const { manager } = await setUp();
    const other = Buffer.from(hubFiles.at(-1)!.bytes);
    other[0] = 0;
    const impostor = await startHubServer([{ ...hubFiles.at(-1)!, bytes: other }]);
    try {
      const error = await failure(manager.download('stories260k', { mirror: impostor.url }));
      expect(error.message).toMatch(/^models: tinyllamas\/stories260K\.gguf of stories260k is not the published file \(its SHA-256 is /);
      expect(error.message).toContain(`not the published ${STORIES.files[0]!.sha256}`);
    } finally {
      await impostor.close();
    }
  });

  it('checks small files against their git blob id from the listing', async () => {
    const { hub, manager } = await setUp();
    hub.faults.wrongBytes = 'config.json';
    const error = await failure(manager.download('tiny-embedder', {}));
    expect(error.message).toMatch(/^models: config\.json of tiny-embedder is not the published file \(its git blob SHA-1 is [0-9a-f]{40}/);
  });

  it('says in one sentence what a 404, a 401, a 500 and a hub that is down mean', async () => {
    const { hub, manager } = await setUp();
    const path = STORIES.files[0]!.path;
    hub.faults.status = { path, code: 404 };
    expect((await failure(manager.download('stories260k', {}))).message).toMatch(
      /^models: 127\.0\.0\.1:\d+ does not have the file \/ggml-org\/models\/resolve\/main\/tinyllamas\/stories260K\.gguf \(HTTP 404\): the mirror lacks it, or the repository moved$/,
    );
    hub.faults.status = { path, code: 401 };
    expect((await failure(manager.download('stories260k', {}))).message).toMatch(/\(HTTP 401\): the repository needs a sign-in/);
    hub.faults.status = { path, code: 500 };
    expect((await failure(manager.download('stories260k', {}))).message).toMatch(
      /failed to serve .* \(HTTP 500, a server error\): try again later$/,
    );
    hub.faults.status = undefined;
    hub.faults.treeStatus = 500;
    expect((await failure(manager.download('tiny-embedder', {}))).message).toMatch(
      /failed to serve the file listing of test-org\/tiny-embedder \(needed for its checksums\) \(HTTP 500/,
    );
    await hub.close();
    const down = await failure(manager.download('stories260k', {}));
    expect(down.code).toBe('download-failed');
    expect(down.message).toMatch(/^models: 127\.0\.0\.1:\d+ refused the connection: nothing is serving there now$/);
  });

  it('says when the secure connection fails: a mirror whose certificate is not trusted', async () => {
    const { manager } = await setUp();
    const secure = await startHubServer(hubFiles, { secure: true });
    try {
      const error = await failure(manager.download('stories260k', { mirror: secure.url }));
      expect(error.message).toBe(
        `models: the secure connection to 127.0.0.1:${secure.port} failed (TLS: DEPTH_ZERO_SELF_SIGNED_CERT): a network that inspects HTTPS, or a wrong clock, can cause this`,
      );
    } finally {
      await secure.close();
    }
  });

  it('says when a name cannot be found (DNS)', async () => {
    const { manager } = await setUp();
    const error = await failure(manager.download('stories260k', { mirror: 'http://no-such-host.invalid' }));
    expect(error.message).toMatch(
      /^models: could not find no-such-host\.invalid \(DNS\): this computer seems offline, or the name is wrong/,
    );

    // fetch refuses ports browsers block and says only "fetch failed"; the sentence names the reason inside.
    const blocked = await failure(manager.download('stories260k', { mirror: 'http://127.0.0.1:1' }));
    expect(blocked.message).toBe('models: the download from 127.0.0.1:1 failed (bad port)');
  });

  it('goes through the proxy HTTP_PROXY names unless NO_PROXY exempts the host, and says so when the proxy is down', async () => {
    const { hub, manager } = await setUp();
    const proxy = await startProxyServer();
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.NO_PROXY;
    try {
      expect((await manager.download('stories260k', {})).phase).toBe('installed');
      expect(proxy.tunnels).toEqual([`127.0.0.1:${hub.port}`]);
      await manager.remove('stories260k');
      // A host NO_PROXY names is reached directly.
      process.env.NO_PROXY = 'localhost, 127.0.0.1';
      expect((await manager.download('stories260k', {})).phase).toBe('installed');
      expect(proxy.tunnels).toHaveLength(1);
      await manager.remove('stories260k');
      delete process.env.NO_PROXY;
      await proxy.close();
      const error = await failure(manager.download('stories260k', {}));
      expect(error.message).toContain(`(through the proxy ${proxy.url}, named by HTTPS_PROXY or HTTP_PROXY`);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await proxy.close();
    }
  });

  it('still lists the models when LANTERN_MODEL_MIRROR is not a URL, and a get says what is wrong with it', async () => {
    const { manager, settings } = await setUp();
    await settings.update({ modelMirror: null });
    const saved = process.env.LANTERN_MODEL_MIRROR;
    process.env.LANTERN_MODEL_MIRROR = 'mirror.example.org';
    try {
      expect((await manager.list()).source).toBe('mirror.example.org');
      expect((await failure(manager.download('stories260k', {}))).message).toBe(
        'models: the mirror "mirror.example.org" is not a URL; give a base URL such as https://hf-mirror.example.org',
      );
    } finally {
      if (saved === undefined) delete process.env.LANTERN_MODEL_MIRROR;
      else process.env.LANTERN_MODEL_MIRROR = saved;
    }
  });

  it('pauses a download keeping its bytes, and the next get resumes it', async () => {
    const { hub, manager, events } = await setUp();
    hub.faults.slowChunkBytes = 16 * 1024;
    const download = manager.download('stories260k', {});
    await waitFor(() => events.some((event) => event.phase === 'downloading' && event.bytesDone > 0));
    expect((await entry(manager, 'stories260k')).state).toBe('downloading');
    await manager.pause('stories260k');
    const outcome = await download;
    expect(outcome.phase).toBe('paused');
    expect(outcome.bytesOnDisk).toBeGreaterThan(0);
    expect(events.at(-1)!.phase).toBe('paused');
    hub.faults.slowChunkBytes = undefined;
    expect((await manager.download('stories260k', {})).phase).toBe('installed');
    const ranges = hub.requests.filter((request) => request.url.includes('/resolve/')).map((request) => request.range);
    expect(ranges[1]).toBe(`bytes=${outcome.bytesOnDisk}-`);
  });

  it('cancels a download and deletes what it fetched', async () => {
    const { hub, manager, dataDir, events } = await setUp();
    hub.faults.slowChunkBytes = 16 * 1024;
    const download = manager.download('stories260k', {});
    await waitFor(() => events.some((event) => event.bytesDone > 0));
    await manager.cancel('stories260k');
    expect((await download).phase).toBe('cancelled');
    expect(existsSync(join(dataDir, 'models', 'stories260k.partial'))).toBe(false);
    expect((await entry(manager, 'stories260k')).state).toBe('available');
  });

  it('refuses to start when the disk lacks the space, before fetching anything', async () => {
    const { hub, manager } = await setUp();
    const error = await failure(manager.download('too-large', {}));
    expect(error.message).toMatch(
      /^models: too-large needs 1000 TB more but the disk of .*models has .* free; free some space and get it again$/,
    );
    expect(hub.requests.filter((request) => request.url.includes('/resolve/'))).toEqual([]);
  });

  it('uses files the person already has: a .gguf for answers, a model folder by its kind; refuses others', async () => {
    const { manager, settings, dataDir } = await setUp();
    const listing = await manager.useFiles(GGUF_PATH);
    expect(settings.current.answerProvider).toEqual({ kind: 'local', modelPath: GGUF_PATH });
    expect(listing.filesInUse).toEqual([{ role: 'answer', path: GGUF_PATH }]);
    expect(listing.models.find((model) => model.name === 'extractive')!.isInUse).toBe(false);

    const reranker = join(dataDir, 'my-reranker');
    await writeBertModelFolder(reranker, TINY_SHAPE, { classifier: true });
    await manager.useFiles(reranker);
    expect(settings.current.rerankerFolder).toBe(reranker);

    const notModel = await failure(manager.useFiles(join(sharedDir, 'models', 'Xenova', 'all-MiniLM-L6-v2')));
    expect(notModel.message).toMatch(/is not a sentence-transformers ONNX model: it lacks onnx\/model_quantized\.onnx/);
    const notGguf = await failure(manager.useFiles(join(sharedDir, 'README.md')));
    expect(notGguf.message).toMatch(/README\.md is not a GGUF language model/);

    await manager.use('extractive');
    expect(settings.current.answerProvider).toEqual({ kind: 'extractive' });
  });

  it('names the catalogue when a model is unknown, and refuses to use one not installed', async () => {
    const { manager } = await setUp();
    expect((await failure(manager.download('gpt-5', {}))).message).toMatch(/^models: there is no model named "gpt-5" \(the catalogue has /);
    expect((await failure(manager.use('stories260k'))).message).toBe(
      'models: stories260k is not installed; get it first (lantern models get stories260k)',
    );
    expect((await failure(manager.remove('universal-sentence-encoder'))).message).toMatch(/is built into Lantern and cannot be removed/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
