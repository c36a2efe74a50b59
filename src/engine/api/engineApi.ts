// The LanternApi over an opened store: each call handed to the part that answers it.
import { resolve } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import type { StoreHealth } from '../../shared/model/storeHealth';
import { complete } from '../../shared/query/complete';
import { askQuestion } from '../answer/ask';
import { attachmentFile } from '../store/attachmentFile';
import { listAttachments } from '../attachments/listAttachments';
import { previewAttachment } from '../attachments/previewAttachment';
import { attachmentThumbnail } from '../attachments/thumbnail';
import type { EngineBackups } from '../backup/engineBackups';
import type { EngineEvents } from './engineEvents';
import type { Engine } from './engineTypes';
import { runImport, type ImportRunContext } from '../import/runImport';
import type { Catalog } from '../index/catalog';
import type { Completions } from '../index/completions';
import type { ContactDirectory } from '../index/contacts';
import type { KeywordIndex } from '../index/keywordIndex';
import { computeStats, listFolders } from './listings';
import { readMessage } from './readMessage';
import { RunningCalls } from './runningCalls';
import { runSearch } from '../search/search';
import { aheadOfTurns, runInTurns } from '../store/turns';
import { PeopleService } from '../people/peopleService';
import { runTimeline } from '../search/timeline';
import type { PhraseVerdicts } from '../search/phraseFilter';
import type { Reranker } from '../search/reranker';
import type { EngineSettings } from '../settings/engineSettings';
import type { SourceRegistry } from '../store/sourceRegistry';
import type { MessageStore } from '../store/messageStore';
import type { StoreWriter } from '../store/storeWriter';
import { markStoreChanged } from '../store/storeGeneration';
import { ModelManager } from '../models/modelManager';
import type { OcrStage } from '../ocr/ocrStage';
import { applyingModelChoices } from '../vectors/modelChoices';
import type { VectorService } from '../vectors/vectorService';

/** What openStoreEngine opened; the API owns them from here and closes them with itself. */
export interface EngineParts {
  dataDir: string;
  store: MessageStore;
  catalog: Catalog;
  keywords: KeywordIndex;
  contacts: ContactDirectory;
  sources: SourceRegistry;
  vectors: VectorService;
  writer: StoreWriter;
  settings: EngineSettings;
  backups: EngineBackups;
  completions: Completions;
  reranker: Reranker;
  phraseVerdicts: PhraseVerdicts;
  /** See EngineOptions.timelinePhraseSample. */
  timelinePhraseSample: number | undefined;
  events: EngineEvents;
  importContext: ImportRunContext;
  /** What opening found damaged and repaired or gave up, for the stats; undefined for a whole store. */
  storeHealth: () => StoreHealth | undefined;
  /** Embeds messages without vectors and reads text from new images, when this engine runs those stages in the background. */
  embedInBackground: () => void;
  ocr: OcrStage;
}

export function buildEngineApi(parts: EngineParts): Engine {
  const { store, catalog, vectors, writer, settings, backups, events } = parts;
  // Read at each search, so a changed time zone or answer provider applies to the next one.
  const searchContext = () => ({
    contacts: parts.contacts,
    catalog,
    keywords: parts.keywords,
    store,
    // Asked for when a query has a date (see ParseOptions.timeZone).
    get timeZone(): string {
      return settings.timeZone;
    },
    semantic: vectors,
    reranker: parts.reranker,
    phraseVerdicts: parts.phraseVerdicts,
    languageModel: () => settings.answerProviders.chat(),
  });
  const imports = new RunningCalls();
  // Answers being written, by request id, so a Stop in the window stops the model rather than only the display.
  const asks = new RunningCalls();
  const people = new PeopleService(parts.dataDir, searchContext);
  // A model chosen here or in Settings takes effect at once: the embedder re-embeds in the background.
  const modelSettings = applyingModelChoices(settings, parts);
  const models = new ModelManager({ dataDir: parts.dataDir, settings: modelSettings, emit: events.emit });
  let closed = false;
  const ensureOpen = (): void => {
    if (closed) throw new LanternError('engine-unavailable', 'engine: the store is closed');
  };
  return {
    async search(request) {
      ensureOpen();
      return aheadOfTurns(() => runSearch(request, searchContext()));
    },
    async timeline(request) {
      ensureOpen();
      return aheadOfTurns(() => runTimeline(request, searchContext(), parts.timelinePhraseSample));
    },
    async getMessage(id) {
      ensureOpen();
      return readMessage(id, catalog, store);
    },
    async attachmentFile(ref) {
      ensureOpen();
      return attachmentFile(ref, parts.dataDir, catalog, store);
    },
    async listAttachments(request) {
      ensureOpen();
      return listAttachments(request, searchContext());
    },
    async attachmentThumbnail(ref) {
      ensureOpen();
      return attachmentThumbnail(ref, parts.dataDir, catalog, store);
    },
    async previewAttachment(request) {
      ensureOpen();
      return previewAttachment(request, { dataDir: parts.dataDir, catalog, store, timeZone: settings.timeZone });
    },
    async listFolders() {
      ensureOpen();
      return listFolders(catalog);
    },
    async getStats() {
      ensureOpen();
      const storeHealth = parts.storeHealth();
      return {
        ...computeStats(catalog, parts.sources, vectors.stats()),
        imageText: await parts.ocr.counts(),
        languages: parts.keywords.languages().map((language) => language.name),
        dataDir: resolve(parts.dataDir),
        ...(storeHealth ? { storeHealth } : {}),
      };
    },
    async importPaths(paths, importId) {
      ensureOpen();
      return imports.run(importId, async (signal) => {
        const report = await writer.runImport(async () => {
          await runInTurns(catalog.lookupSteps());
          return runImport(paths, importId, signal, parts.importContext, () => writer.saveIndexes());
        });
        events.emit({ type: 'import-finished', importId, report });
        if (report.imported > 0) {
          parts.embedInBackground();
          backups.afterImport();
        }
        return report;
      });
    },
    async cancelImport(importId) {
      imports.cancel(importId);
    },
    async embed() {
      ensureOpen();
      const report = await vectors.embed();
      await markStoreChanged(parts.dataDir);
      return report;
    },
    async ocr() {
      ensureOpen();
      return parts.ocr.run();
    },
    async setEmbeddingPaused(paused) {
      ensureOpen();
      return vectors.setPaused(paused);
    },
    async complete(text, cursor) {
      ensureOpen();
      return complete(text, Math.max(0, Math.min(cursor, text.length)), parts.completions.current(), { timeZone: settings.timeZone });
    },
    async ask(request) {
      ensureOpen();
      return asks.run(request.requestId, (signal) =>
        askQuestion(request, {
          search: (searchRequest, tuning) => runSearch(searchRequest, searchContext(), tuning),
          store,
          provider: (askRequest) => settings.answerProviders.get(askRequest.provider),
          emit: events.emit,
          interactionLog: settings.interactionLog(),
          signal,
        }),
      );
    },
    async cancelAsk(requestId) {
      asks.cancel(requestId);
    },
    async getSettings() {
      ensureOpen();
      return settings.copy();
    },
    async updateSettings(patch) {
      ensureOpen();
      return modelSettings.update(patch);
    },
    async backupNow() {
      ensureOpen();
      return backups.now();
    },
    async listBackups() {
      ensureOpen();
      return backups.list();
    },
    async listPeople(request) {
      ensureOpen();
      return people.list(request);
    },
    async getPerson(address) {
      ensureOpen();
      return people.person(address);
    },
    async separateAddress(address, isSeparated) {
      ensureOpen();
      return people.separate(address, isSeparated);
    },
    async listModels() {
      ensureOpen();
      return models.list();
    },
    async downloadModel(name, options) {
      ensureOpen();
      return models.download(name, options);
    },
    async pauseModelDownload(name) {
      return models.pause(name);
    },
    async cancelModelDownload(name) {
      return models.cancel(name);
    },
    async useModel(name) {
      ensureOpen();
      return models.use(name);
    },
    async removeModel(name) {
      ensureOpen();
      return models.remove(name);
    },
    async useModelFiles(path) {
      ensureOpen();
      return models.useFiles(path);
    },
    subscribe(listener) {
      return events.subscribe(listener);
    },
    async close() {
      if (closed) return;
      imports.cancelAll();
      await models.close();
      await parts.ocr.close();
      await writer.close();
      closed = true;
      events.clear();
      await vectors.close();
      await settings.close();
      await parts.reranker.close();
      parts.keywords.close();
      store.close();
    },
  };
}
