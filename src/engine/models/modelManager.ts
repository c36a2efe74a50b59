// The model manager: lists the catalogue against the data folder's models/, downloads on the person's word, verifies, uses, removes.
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LanternEvent } from '../../shared/contract/api';
import { LanternError } from '../../shared/contract/errors';
import type {
  CatalogueModel,
  ModelDownloadOptions,
  ModelDownloadOutcome,
  ModelFilesInUse,
  ModelListEntry,
  ModelListing,
  ModelRole,
} from '../../shared/model/models';
import type { Settings, SettingsPatch } from '../../shared/model/settings';
import { describeBytes } from '../../shared/models/byteSize';
import { MODEL_CATALOGUE, findCatalogueModel } from '../../shared/models/catalogue';
import { freeBytes } from './diskSpace';
import { DownloadProgress } from './downloadProgress';
import { openDownloadConnection } from './downloadFetch';
import { HUB_URL, MIRROR_VARIABLE, chooseSource, fileUrl } from './downloadSource';
import { fetchFile } from './fetchFile';
import { fileMismatch } from './fileDigest';
import { folderSize } from './folderSize';
import { modelFilesRole } from './modelFilesKind';
import { MANIFEST_FILE, installedFolder, modelsFolder, partialFile, partialFolder } from './modelPlaces';
import { pathInUse, useInSettings } from './modelSettings';
import { expectedFiles } from './publishedDigests';

/** Where sentence-transformers keeps a model's passage length; the embedder reads it (transformersEmbedder.ts). */
const SENTENCE_CONFIG_FILE = 'sentence_bert_config.json';

/** The part of the engine's settings the manager reads and changes. */
export interface ModelSettings {
  readonly current: Readonly<Settings>;
  update(patch: SettingsPatch): Promise<Settings>;
}

export interface ModelManagerOptions {
  dataDir: string;
  settings: ModelSettings;
  emit: (event: LanternEvent) => void;
  /** The models offered; the app's catalogue by default, a test's own in tests. */
  catalogue?: readonly CatalogueModel[];
}

interface RunningDownload {
  controller: AbortController;
  /** Why it was stopped, when the person stopped it. */
  stop: 'pause' | 'cancel' | null;
  finished: Promise<unknown>;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export class ModelManager {
  private readonly running = new Map<string, RunningDownload>();
  private readonly catalogue: readonly CatalogueModel[];

  constructor(private readonly options: ModelManagerOptions) {
    this.catalogue = options.catalogue ?? MODEL_CATALOGUE;
  }

  private model(name: string): CatalogueModel {
    const model = findCatalogueModel(name, this.catalogue);
    if (!model) {
      const names = this.catalogue.map((entry) => entry.name).join(', ');
      throw new LanternError('not-found', `models: there is no model named "${name}" (the catalogue has ${names})`);
    }
    return model;
  }

  /** Where an installed model is used from: its folder, or its .gguf file for an answer model. */
  private installedPath(model: CatalogueModel): string {
    const folder = installedFolder(this.options.dataDir, model.name);
    const gguf = model.files.find((file) => file.path.toLowerCase().endsWith('.gguf'));
    return model.role === 'answer' && gguf ? join(folder, gguf.path) : folder;
  }

  private isInstalled(model: CatalogueModel): Promise<boolean> {
    return exists(join(installedFolder(this.options.dataDir, model.name), MANIFEST_FILE));
  }

  async list(): Promise<ModelListing> {
    const { dataDir, settings } = this.options;
    const models: ModelListEntry[] = [];
    const knownPaths = new Set<string>();
    for (const model of this.catalogue) {
      const inUse = pathInUse(model.role, settings.current);
      if (model.isBuiltIn) {
        models.push({ ...model, state: 'installed', isInUse: inUse === null, path: null, bytesOnDisk: 0 });
        continue;
      }
      const path = this.installedPath(model);
      knownPaths.add(path);
      const isInstalled = await this.isInstalled(model);
      const partial = partialFolder(dataDir, model.name);
      const state = isInstalled
        ? 'installed'
        : this.running.has(model.name)
          ? 'downloading'
          : (await exists(partial))
            ? 'paused'
            : 'available';
      models.push({
        ...model,
        state,
        isInUse: isInstalled && inUse === path,
        path: isInstalled ? path : null,
        bytesOnDisk: await folderSize(isInstalled ? installedFolder(dataDir, model.name) : partial),
      });
    }
    const filesInUse: ModelFilesInUse[] = [];
    for (const role of ['embedder', 'reranker', 'answer'] as const) {
      const path = pathInUse(role, settings.current);
      if (typeof path === 'string' && !knownPaths.has(path)) filesInUse.push({ role, path });
    }
    return {
      models,
      filesInUse,
      modelsFolder: modelsFolder(dataDir),
      freeBytes: await freeBytes(modelsFolder(dataDir)),
      source: this.sourceForListing(),
    };
  }

  /** Where downloads would come from; a mirror that is not a URL is shown as given, and a get says what is wrong with it. */
  private sourceForListing(): string {
    const setting = this.options.settings.current.modelMirror;
    try {
      return chooseSource(undefined, setting);
    } catch {
      return setting ?? process.env[MIRROR_VARIABLE] ?? HUB_URL;
    }
  }

  /** Fetches every file of a catalogue model, verifies each against its published digest, then installs them together. */
  async download(name: string, options: ModelDownloadOptions): Promise<ModelDownloadOutcome> {
    const model = this.model(name);
    if (model.isBuiltIn)
      throw new LanternError('bad-request', `models: ${model.title} is built into Lantern; there is nothing to download`);
    const folder = installedFolder(this.options.dataDir, name);
    if (await this.isInstalled(model)) return { name, phase: 'installed', bytesOnDisk: await folderSize(folder) };
    if (this.running.has(name)) throw new LanternError('bad-request', `models: ${name} is already downloading`);
    const base = chooseSource(options.mirror, this.options.settings.current.modelMirror);
    const running: RunningDownload = { controller: new AbortController(), stop: null, finished: Promise.resolve() };
    const work = this.fetchModel(model, base, running);
    running.finished = work.catch(() => undefined);
    this.running.set(name, running);
    try {
      return await work;
    } finally {
      this.running.delete(name);
    }
  }

  private async fetchModel(model: CatalogueModel, base: string, running: RunningDownload): Promise<ModelDownloadOutcome> {
    const { dataDir, emit } = this.options;
    const { signal } = running.controller;
    const partial = partialFolder(dataDir, model.name);
    const progress = new DownloadProgress(model.name, new URL(base).host, emit);
    progress.send('starting');
    const connection = openDownloadConnection();
    try {
      const expected = await expectedFiles(
        model.files,
        { base, repository: model.repository, revision: model.revision },
        signal,
        connection.fetch,
      );
      const total = [...expected.values()].reduce((sum, file) => sum + file.bytes, 0);
      await mkdir(partial, { recursive: true });
      const kept = await folderSize(partial);
      await this.checkFreeSpace(model, total - kept);
      progress.begin(total, kept);
      for (const file of model.files) {
        const finished = join(partial, file.path);
        if (await exists(finished)) continue;
        const target = partialFile(partial, file.path);
        const published = expected.get(file.path)!;
        progress.startFile(file.path);
        await fetchFile(fileUrl(base, model.repository, model.revision, file.path), target, published.bytes, signal, {
          onBytes: (count, host) => progress.add(count, host),
          onRestart: (dropped) => progress.drop(dropped),
          fetch: connection.fetch,
        });
        progress.send('verifying');
        const mismatch = await fileMismatch(target, published);
        if (mismatch !== null) {
          await rm(target, { force: true });
          throw new LanternError(
            'download-failed',
            `models: ${file.path} of ${model.name} is not the published file (${mismatch}); it was deleted and nothing was installed`,
          );
        }
        await mkdir(dirname(finished), { recursive: true });
        await rename(target, finished);
      }
      await this.install(model, base, partial);
      progress.send('installed');
      return { name: model.name, phase: 'installed', bytesOnDisk: total };
    } catch (error) {
      if (running.stop === 'pause') {
        progress.send('paused');
        return { name: model.name, phase: 'paused', bytesOnDisk: await folderSize(partial) };
      }
      if (running.stop === 'cancel') {
        await rm(partial, { recursive: true, force: true });
        progress.send('cancelled');
        return { name: model.name, phase: 'cancelled', bytesOnDisk: 0 };
      }
      const lanternError =
        error instanceof LanternError
          ? error
          : new LanternError('download-failed', `models: downloading ${model.name} failed (${String(error)})`);
      progress.send('failed', lanternError.message);
      throw lanternError;
    } finally {
      await connection.close();
    }
  }

  private async checkFreeSpace(model: CatalogueModel, needed: number): Promise<void> {
    const folder = modelsFolder(this.options.dataDir);
    const free = await freeBytes(folder);
    if (free !== null && needed > free)
      throw new LanternError(
        'download-failed',
        `models: ${model.name} needs ${describeBytes(needed)} more but the disk of ${folder} has ${describeBytes(free)} free; free some space and get it again`,
      );
  }

  /** The verified files become the installed model in one rename, with a record of where they came from. */
  private async install(model: CatalogueModel, base: string, partial: string): Promise<void> {
    const manifest = {
      name: model.name,
      repository: model.repository,
      revision: model.revision,
      source: base,
      files: model.files.map((file) => file.path),
      installedAt: new Date().toISOString(),
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (model.maxSequenceLength && !model.files.some((file) => file.path === SENTENCE_CONFIG_FILE))
      await writeFile(join(partial, SENTENCE_CONFIG_FILE), `${JSON.stringify({ max_seq_length: model.maxSequenceLength })}\n`);
    const folder = installedFolder(this.options.dataDir, model.name);
    await rm(folder, { recursive: true, force: true });
    await rename(partial, folder);
  }

  /** Stops a download and keeps its bytes; pausing one that is not running is a no-op when bytes are kept. */
  async pause(name: string): Promise<void> {
    const model = this.model(name);
    const running = this.running.get(name);
    if (running) {
      running.stop = 'pause';
      running.controller.abort();
      await running.finished;
      return;
    }
    if (!(await exists(partialFolder(this.options.dataDir, model.name))))
      throw new LanternError('bad-request', `models: ${name} is not downloading`);
  }

  /** Stops a download, or forgets a paused one, and deletes its bytes. */
  async cancel(name: string): Promise<void> {
    const model = this.model(name);
    const running = this.running.get(name);
    if (running) {
      running.stop = 'cancel';
      running.controller.abort();
      await running.finished;
    }
    await rm(partialFolder(this.options.dataDir, model.name), { recursive: true, force: true });
  }

  private async setInUse(role: ModelRole, path: string | null): Promise<void> {
    const { settings } = this.options;
    await settings.update(useInSettings(role, path, settings.current));
  }

  async use(name: string): Promise<ModelListing> {
    const model = this.model(name);
    if (!model.isBuiltIn && !(await this.isInstalled(model)))
      throw new LanternError('bad-request', `models: ${name} is not installed; get it first (lantern models get ${name})`);
    await this.setInUse(model.role, model.isBuiltIn ? null : this.installedPath(model));
    return this.list();
  }

  /** Deletes an installed model (and any kept bytes); a role that used it goes back to its built-in model. */
  async remove(name: string): Promise<ModelListing> {
    const model = this.model(name);
    if (model.isBuiltIn) throw new LanternError('bad-request', `models: ${model.title} is built into Lantern and cannot be removed`);
    const folder = installedFolder(this.options.dataDir, name);
    const partial = partialFolder(this.options.dataDir, name);
    if (!(await exists(folder)) && !(await exists(partial)) && !this.running.has(name))
      throw new LanternError('not-found', `models: ${name} is not installed`);
    if (this.running.has(name)) await this.cancel(name);
    if (pathInUse(model.role, this.options.settings.current) === this.installedPath(model)) await this.setInUse(model.role, null);
    await rm(folder, { recursive: true, force: true });
    await rm(partial, { recursive: true, force: true });
    return this.list();
  }

  /** Uses files the person already has, where they are: nothing is copied, so removing them is the person's to do. */
  async useFiles(path: string): Promise<ModelListing> {
    const role = await modelFilesRole(path);
    await this.setInUse(role, path);
    return this.list();
  }

  /** Stops every running download, keeping its bytes for the next start. */
  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.pause(name)));
  }
}
