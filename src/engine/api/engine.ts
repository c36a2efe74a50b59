// Opens the engine on a data folder: the store, its indexes and writer, and the LanternApi over them.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TableHealing } from '../../shared/model/storeHealth';
import { EngineBackups, type TablesPlace } from '../backup/engineBackups';
import { messagesBySource, noteLostImports, storeHealthOf } from '../check/lostImports';
import { buildEngineApi } from './engineApi';
import { EngineEvents } from './engineEvents';
import type { Engine, EngineOptions } from './engineTypes';
import { keepHeapNearLive } from '../heapPolicy';
import { ThreadResolver } from '../import/threading';
import { Completions } from '../index/completions';
import { ContactDirectory } from '../index/contacts';
import { loadCatalog, loadKeywordIndex, readSavedIndexesAhead, rebuildKeywords } from '../index/loadIndexes';
import { openReadOnlyEngine } from './readOnlyEngine';
import { PhraseVerdicts } from '../search/phraseFilter';
import { RERANKER_FOLDER_NAME } from '../embed/bundledModels';
import { Reranker } from '../search/reranker';
import { EngineSettings } from '../settings/engineSettings';
import { SourceRegistry } from '../store/sourceRegistry';
import { writeDataFolderMarker } from '../store/dataFolderMarker';
import { MessageStore } from '../store/messageStore';
import { StoreWriter } from '../store/storeWriter';
import { VERSION_GRACE_MS } from '../store/tidyTable';
import { acquireWriterLock } from '../store/writerLock';
import { markStoreChanged } from '../store/storeGeneration';
import { VectorService } from '../vectors/vectorService';
import { OcrStage } from '../ocr/ocrStage';

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

function tablesPlace(options: EngineOptions): TablesPlace {
  const local = join(options.dataDir, 'lancedb');
  const location = options.tablesLocation ?? (process.env.LANTERN_TABLES || local);
  return { location, isLocal: location === local };
}

/** The engine over the store; `options.access` says whether it may write. */
async function openStoreEngine(options: EngineOptions): Promise<Engine> {
  const { dataDir } = options;
  const canWrite = options.access !== 'read';
  await mkdir(dataDir, { recursive: true });
  // A writer may save the snapshot again, or scan and save a new one, and reads only the one it will take.
  const ahead = canWrite ? undefined : readSavedIndexesAhead(dataDir);
  const settings = await EngineSettings.load(options);
  const tables = tablesPlace(options);
  const store = await MessageStore.open(tables.location, { dataDir, canWrite });
  const sources = await SourceRegistry.open(dataDir);
  const catalog = await loadCatalog(store, dataDir, canWrite, ahead);
  const storeHealing = store.healing;
  const unsavedLostImports = await noteLostImports(storeHealing, sources, () => messagesBySource(catalog), canWrite);
  if (storeHealing?.isRepaired) await markStoreChanged(dataDir);
  const keywords = await loadKeywordIndex(store, catalog, dataDir, canWrite, ahead);
  const contacts = new ContactDirectory(catalog);
  const events = new EngineEvents();
  const vectors = await VectorService.open({
    dataDir,
    tablesLocation: tables.location,
    canWrite,
    embedWorkerScript: options.embedWorkerScript,
    store,
    catalog,
    emit: events.emit,
    modelFolder: settings.modelFolder,
    resourcesDir: options.resourcesDir,
    embedder: options.embedder,
  });
  if (vectors.healing()?.isRepaired) await markStoreChanged(dataDir);
  const embedInBackground = (): void => {
    if (options.embedding !== 'background' || !canWrite) return;
    vectors.startInBackground(
      (error) => console.error(`embed: the embedding stage stopped: ${error.message}`),
      () => markStoreChanged(dataDir),
    );
  };
  embedInBackground();
  const writer = new StoreWriter({
    store,
    catalog,
    keywords,
    dataDir,
    canWrite,
    versionGraceMs: options.versionGraceMs ?? VERSION_GRACE_MS,
  });
  // A damaged block of the saved postings, found when a search first reads it, has the index rebuilt from the messages.
  keywords.whenDamaged(() =>
    writer.write(async () => {
      keywords.adopt(await rebuildKeywords(store, catalog));
      if (canWrite) await writer.saveIndexes();
    }),
  );
  const ocr = new OcrStage({ dataDir, store, catalog, keywords, writer, emit: events.emit, forgetVectors: (ids) => vectors.forget(ids) });
  // Text read from images is embedded too: once an embedding run that began before it ends, another takes it.
  const readImagesInBackground = (): void => {
    if (options.embedding !== 'background' || !canWrite) return;
    ocr.startInBackground(async (report) => {
      if (report.read === 0) return;
      await vectors.embed().catch(() => undefined);
      embedInBackground();
    });
  };
  readImagesInBackground();
  const engine = buildEngineApi({
    dataDir,
    store,
    catalog,
    keywords,
    contacts,
    sources,
    vectors,
    writer,
    settings,
    backups: new EngineBackups(dataDir, settings, tables),
    completions: new Completions(catalog, contacts),
    reranker: new Reranker(
      options.rerankerFolder ?? (options.resourcesDir === undefined ? null : join(options.resourcesDir, 'models', RERANKER_FOLDER_NAME)),
      // The reranker chosen in settings; a folder given to the engine (tests, flags) wins, as a given model folder does.
      options.rerankerFolder === undefined ? settings.current.rerankerFolder : null,
    ),
    phraseVerdicts: new PhraseVerdicts(),
    timelinePhraseSample: options.timelinePhraseSample,
    events,
    importContext: {
      threads: new ThreadResolver(catalog),
      store,
      catalog,
      keywords,
      sources,
      emit: events.emit,
      dataDir,
      maxStoredAttachmentBytes: options.maxStoredAttachmentBytes,
      parseWorkerScript: options.parseWorkerScript,
    },
    storeHealth: () =>
      storeHealthOf(
        [storeHealing, vectors.healing()].filter((healing): healing is TableHealing => healing !== null),
        sources,
        unsavedLostImports,
      ),
    embedInBackground: () => {
      embedInBackground();
      readImagesInBackground();
    },
    ocr,
  });
  // After loading, which like an import allocates far more than it keeps.
  keepHeapNearLive();
  return engine;
}
