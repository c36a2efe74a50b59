// Opens the engine on a data folder: the store, the catalog and keyword index, and the LanternApi over them.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LanternEvent, LanternEventListener } from '../shared/contract/api';
import { LanternError } from '../shared/contract/errors';
import type { ImportReport } from '../shared/model/importing';
import { systemTimeZone } from '../shared/query/zonedTime';
import type { Engine, EngineOptions } from './engineTypes';
import { Catalog } from './index/catalog';
import { ContactDirectory } from './index/contacts';
import { Completions } from './index/completions';
import { complete } from '../shared/query/complete';
import { KeywordIndex } from './index/keywordIndex';
import { KEYWORD_SOURCE_COLUMNS, keywordDocumentOf } from './index/keywordDocument';
import { ThreadResolver } from './import/threading';
import type * as Importer from './import/importer';
import type * as ParsePool from './import/parsePool';
import { computeStats, listFolders } from './listings';
import { readMessage } from './readMessage';
import { attachmentFile } from './attachments/attachmentFile';
import { askQuestion } from './ask';
import { AnswerProviders } from './answer/answerProviders';
import { runSearch } from './search/search';
import type { SearchContext } from './search/searchContext';
import { PhraseVerdicts } from './search/phraseFilter';
import { Reranker, RERANKER_FOLDER_NAME } from './search/reranker';
import { SourceRegistry } from './sources';
import { messagesBySource, noteLostImports, storeHealthOf } from './check/lostImports';
import { MessageStore } from './store/messageStore';
import { VERSION_GRACE_MS } from './store/tidyTable';
import { VectorService } from './vectors/vectorService';
import { acquireWriterLock } from './store/writerLock';
import { writeDataFolderMarker } from './store/dataFolderMarker';
import { markStoreChanged } from './storeGeneration';
import { keepHeapNearLive, withImportHeap } from './heapPolicy';
import { openReadOnlyEngine } from './readOnlyEngine';
import { loadSettings, saveSettings } from './settings/settingsFile';
import { providerSettings } from './settings/providerSettings';
import { backupInto, defaultBackupFolder, listBackups } from './backup/backupRotation';
import type { Settings } from '../shared/model/settings';

/** Ties a saved keyword index to the exact order of messages it numbered. */
function orderFingerprint(catalog: Catalog): string {
  const hash = createHash('sha256');
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) hash.update(catalog.id(ordinal));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The import machinery (the MIME parser, archive and attachment readers), loaded by the first import: its libraries
 * took about 45 MB in every engine that only searched.
 */
function loadImporting(): Promise<[typeof Importer, typeof ParsePool]> {
  return Promise.all([import('./import/importer'), import('./import/parsePool')]);
}

async function loadCatalog(store: MessageStore): Promise<Catalog> {
  const catalog = new Catalog();
  for await (const rows of store.scanCatalog()) for (const row of rows) catalog.add(row);
  return catalog;
}

async function rebuildKeywords(store: MessageStore, catalog: Catalog): Promise<KeywordIndex> {
  const keywords = new KeywordIndex();
  for await (const rows of store.scanColumns(['id', ...KEYWORD_SOURCE_COLUMNS])) {
    for (const row of rows) {
      const ordinal = catalog.ordinalOf(row.id);
      if (ordinal !== undefined) keywords.add(ordinal, keywordDocumentOf(row));
    }
  }
  keywords.documents = catalog.size;
  return keywords;
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  if (options.access === 'read') return openReadOnlyEngine(options, openStoreEngine);
  await mkdir(options.dataDir, { recursive: true });
  const release = await acquireWriterLock(options.dataDir);
  try {
    await writeDataFolderMarker(options.dataDir);
    const engine = await openStoreEngine(options);
    return { ...engine, close: () => engine.close().finally(release) };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Backups copy the data folder; tables kept elsewhere are backed up where they live (object store versioning). */
function refuseRemoteBackup(isLocalTables: boolean, tablesLocation: string): void {
  if (isLocalTables) return;
  throw new LanternError('bad-request', `backup: the tables live at ${tablesLocation}, outside the data folder; back them up where they are kept (for object storage, its versioning)`);
}

/** The engine over the store; `options.access` says whether it may write. */
async function openStoreEngine(options: EngineOptions): Promise<Engine> {
  const isReadOnly = options.access === 'read';
  const refuseWrites = (what: string): void => {
    if (isReadOnly) throw new LanternError('read-only', `${what}: this Lantern is read-only (the app or \`lantern import\` writes this data folder)`);
  };
  await mkdir(options.dataDir, { recursive: true });
  let settings = await loadSettings(options.dataDir);
  // Options a host passes (CLI flags, tests) win over saved settings.
  let timeZone = options.timeZone ?? settings.timeZone ?? systemTimeZone();
  const tablesLocation = options.tablesLocation ?? (process.env.LANTERN_TABLES || join(options.dataDir, 'lancedb'));
  const isLocalTables = tablesLocation === join(options.dataDir, 'lancedb');
  const store = await MessageStore.open(tablesLocation, { dataDir: options.dataDir, canWrite: !isReadOnly });
  const sources = await SourceRegistry.open(options.dataDir);
  const catalog = await store.readIntact(loadCatalog);
  const healed = store.healing ? [store.healing] : [];
  const unsavedLostImports = await noteLostImports(store.healing, sources, () => messagesBySource(catalog), !isReadOnly);
  if (store.healing?.isRepaired) await markStoreChanged(options.dataDir);
  const keywordFolder = join(options.dataDir, 'keyword-index');
  let keywords = await KeywordIndex.load(keywordFolder, catalog.size, orderFingerprint(catalog));
  if (!keywords) {
    keywords = await rebuildKeywords(store, catalog);
    if (catalog.size > 0 && !isReadOnly) await keywords.save(keywordFolder, orderFingerprint(catalog));
  }
  const threads = new ThreadResolver(catalog);
  const contacts = new ContactDirectory(catalog);
  const completions = new Completions(catalog, contacts);
  const listeners = new Set<LanternEventListener>();
  const emit = (event: LanternEvent): void => {
    for (const listener of listeners) listener(event);
  };
  const imports = new Map<string, AbortController>();
  // Answers being written, by request id, so a Stop in the window stops the model rather than only the display.
  const asks = new Map<string, AbortController>();
  // One writer: imports run one after another, searches read between their batches.
  let writeQueue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const ensureOpen = (): void => {
    if (closed) throw new LanternError('engine-unavailable', 'engine: the store is closed');
  };
  const vectors = await VectorService.open({ dataDir: options.dataDir, tablesLocation, canWrite: !isReadOnly, embedWorkerScript: options.embedWorkerScript, store, catalog, emit, modelFolder: options.modelFolder ?? settings.modelFolder ?? undefined, resourcesDir: options.resourcesDir, embedder: options.embedder });
  if (vectors.healing()?.isRepaired) await markStoreChanged(options.dataDir);
  const embedInBackground = (): void => {
    if (options.embedding !== 'background' || isReadOnly) return;
    vectors.startInBackground(
      (error) => console.error(`embed: the embedding stage stopped: ${error.message}`),
      () => markStoreChanged(options.dataDir),
    );
  };
  embedInBackground();
  let answerProviders = new AnswerProviders(options.answerProvider ?? providerSettings(settings.answerProvider));
  const reranker = new Reranker(options.rerankerFolder ?? (options.resourcesDir === undefined ? null : join(options.resourcesDir, 'models', RERANKER_FOLDER_NAME)));
  const phraseVerdicts = new PhraseVerdicts();
  const searchContext = (): SearchContext => ({
    contacts,
    catalog,
    keywords: keywords!,
    store,
    timeZone,
    semantic: vectors,
    reranker,
    phraseVerdicts,
    languageModel: () => answerProviders.chat(),
  });
  const interactionLog = (): string | null =>
    options.interactionLog !== undefined ? options.interactionLog : settings.interactionLog ? join(options.dataDir, 'interactions.jsonl') : null;
  const backupFolder = (): string => settings.backups.folder ?? defaultBackupFolder(options.dataDir);
  // Table versions an import replaced are dropped once no search can still be reading them (see tidyTable). Readers in
  // other processes reopen the store at their next call after the marker changes, so nothing they may be reading goes
  // until the grace has passed since: the drop runs on a timer, never straight after a change.
  const versionGraceMs = options.versionGraceMs ?? VERSION_GRACE_MS;
  let tidyTimer: NodeJS.Timeout | null = null;
  const tidy = async (): Promise<void> => {
    const { changed, remaining } = await store.tidy(versionGraceMs);
    if (changed) await markStoreChanged(options.dataDir);
    if (remaining) tidyLater();
  };
  const tidyLater = (): void => {
    if (isReadOnly || closed) return;
    if (tidyTimer) clearTimeout(tidyTimer);
    tidyTimer = setTimeout(() => {
      tidyTimer = null;
      const run = writeQueue.then(() => (closed ? undefined : tidy()));
      writeQueue = run.catch((error: unknown) =>
        console.error(`store: dropping the messages table's replaced versions failed (they stay on disk until the next try): ${error instanceof Error ? error.message : String(error)}`),
      );
    }, versionGraceMs);
    tidyTimer.unref();
  };
  // Versions an earlier session left (it closed within the grace) go once this session has had the store for a grace.
  tidyLater();
  const saveIndexes = async (): Promise<void> => {
    await keywords!.save(keywordFolder, orderFingerprint(catalog));
    await store.ensureIdIndex(catalog.size);
    await markStoreChanged(options.dataDir);
  };
  /**
   * Runs next on the write queue once an import has reported, not as part of it: its messages are searchable as soon
   * as the keyword index is saved, and merging the batches' fragments (1.7 s of a 24 s import of the io-uring archive,
   * rewriting every small fragment) only makes later reads touch fewer files. Searches go on meanwhile.
   */
  const settleAfterImport = async (): Promise<void> => {
    // Merged at once, so searches read few files; the versions it replaced stay for the grace.
    if (await store.isFragmented()) {
      await store.mergeFragments();
      await markStoreChanged(options.dataDir);
    }
    // With no grace nothing reads the store meanwhile (the bench's import): the replaced versions go now.
    if (versionGraceMs === 0) await tidy();
    else tidyLater();
  };

  const engine: Engine = {
    async search(request) {
      ensureOpen();
      if (typeof request?.query !== 'string') throw new LanternError('bad-request', 'search: the query must be a string');
      return runSearch(request, searchContext());
    },
    async getMessage(id) {
      ensureOpen();
      return readMessage(id, catalog, store);
    },
    async attachmentFile(ref) {
      ensureOpen();
      return attachmentFile(ref, options.dataDir, catalog, store);
    },
    async listFolders() {
      ensureOpen();
      return listFolders(catalog);
    },
    async getStats() {
      ensureOpen();
      const vectorHealing = vectors.healing();
      const storeHealth = storeHealthOf(vectorHealing ? [...healed, vectorHealing] : healed, sources, unsavedLostImports);
      return { ...computeStats(catalog, sources, vectors.stats()), dataDir: resolve(options.dataDir), ...(storeHealth ? { storeHealth } : {}) };
    },
    async importPaths(paths, importId) {
      ensureOpen();
      refuseWrites('import');
      if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
        throw new LanternError('bad-request', 'import: paths must be a list of file or folder paths');
      }
      const controller = new AbortController();
      imports.set(importId, controller);
      const run = writeQueue.then(() => withImportHeap(async () => {
        const [{ importPaths }, { createParser }] = await loadImporting();
        // Parse workers live as long as one import: each holds a MIME parser, idle in a store that is only searched.
        const parser = createParser(options.parseWorkerScript);
        try {
          return await importPaths(paths, importId, {
            parser,
            threads,
            store,
            catalog,
            keywords: keywords!,
            sources,
            emit,
            signal: controller.signal,
            dataDir: options.dataDir,
            maxStoredAttachmentBytes: options.maxStoredAttachmentBytes,
          }, saveIndexes);
        } finally {
          await parser.close();
        }
      }));
      writeQueue = run
        .then(
          (report) => (report.imported > 0 ? settleAfterImport() : undefined),
          // A failed import is reported to its caller below.
          () => undefined,
        )
        .catch((error: unknown) =>
          console.error(`store: merging the import's fragments or dropping replaced versions failed (the next import or tidy tries again): ${error instanceof Error ? error.message : String(error)}`),
        );
      try {
        const report: ImportReport = await run;
        emit({ type: 'import-finished', importId, report });
        if (report.imported > 0) {
          embedInBackground();
          if (settings.backups.keep > 0 && isLocalTables) {
            backupInto(options.dataDir, backupFolder(), settings.backups.keep).catch((error: unknown) =>
              console.error(`backup: the automatic backup after an import failed: ${error instanceof Error ? error.message : String(error)}`),
            );
          }
        }
        return report;
      } finally {
        imports.delete(importId);
      }
    },
    async cancelImport(importId) {
      imports.get(importId)?.abort();
    },
    async embed() {
      ensureOpen();
      refuseWrites('embed');
      const report = await vectors.embed();
      await markStoreChanged(options.dataDir);
      return report;
    },
    async complete(text, cursor) {
      ensureOpen();
      if (typeof text !== 'string' || !Number.isInteger(cursor)) throw new LanternError('bad-request', 'complete: give the query text and a cursor position');
      return complete(text, Math.max(0, Math.min(cursor, text.length)), completions.current(), { timeZone });
    },
    async ask(request) {
      ensureOpen();
      const controller = new AbortController();
      const requestId = typeof request?.requestId === 'string' ? request.requestId : '';
      if (requestId) asks.set(requestId, controller);
      try {
        return await askQuestion(request, {
          search: (searchRequest, tuning) => runSearch(searchRequest, searchContext(), tuning),
          store,
          provider: (askRequest) => answerProviders.get(askRequest.provider),
          emit,
          interactionLog: interactionLog(),
          signal: controller.signal,
        });
      } finally {
        if (asks.get(requestId) === controller) asks.delete(requestId);
      }
    },
    async cancelAsk(requestId) {
      asks.get(requestId)?.abort();
    },
    async getSettings() {
      ensureOpen();
      return structuredClone(settings);
    },
    async updateSettings(patch) {
      ensureOpen();
      refuseWrites('settings');
      const next: Settings = { ...settings, ...patch, backups: { ...settings.backups, ...patch.backups } };
      await saveSettings(options.dataDir, next);
      const providerChanged = JSON.stringify(next.answerProvider) !== JSON.stringify(settings.answerProvider);
      settings = next;
      timeZone = options.timeZone ?? settings.timeZone ?? systemTimeZone();
      if (providerChanged && !options.answerProvider) {
        const previous = answerProviders;
        answerProviders = new AnswerProviders(providerSettings(settings.answerProvider));
        await previous.close();
      }
      return structuredClone(settings);
    },
    async backupNow() {
      ensureOpen();
      refuseRemoteBackup(isLocalTables, tablesLocation);
      return backupInto(options.dataDir, backupFolder(), settings.backups.keep);
    },
    async listBackups() {
      ensureOpen();
      return listBackups(backupFolder());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      for (const controller of imports.values()) controller.abort();
      if (tidyTimer) clearTimeout(tidyTimer);
      await writeQueue;
      closed = true;
      listeners.clear();
      await vectors.close();
      await answerProviders.close();
      await reranker.close();
      store.close();
    },
  };
  // After loading, which like an import allocates far more than it keeps.
  keepHeapNearLive();
  return engine;
}
