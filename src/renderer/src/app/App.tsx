// The app shell: search bar on top, folder tree, result list, reading pane and answer pane below, dialogs and overlays over all.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LanternClient } from '../../../shared/contract/api';
import type { GalleryItem } from '../../../shared/model/gallery';
import type { SortOrder } from '../../../shared/model/search';
import { AnswerPane } from '../features/answer/AnswerPane';
import { AskButtons } from '../features/answer/AskButtons';
import { useAnswerPane } from '../features/answer/useAnswerPane';
import { useAskBeside } from '../features/answer/useAskBeside';
import { FolderTree } from '../features/folders/FolderTree';
import { Gallery } from '../features/gallery/Gallery';
import { GalleryToggle } from '../features/gallery/GalleryToggle';
import { useGallery } from '../features/gallery/useGallery';
import { PeopleView } from '../features/people/PeopleView';
import { usePeopleView } from '../features/people/usePeopleView';
import { currentScope, withScope } from '../features/folders/scopeQuery';
import { HelpButton } from '../features/help/HelpButton';
import { ShortcutSheet } from '../features/help/ShortcutSheet';
import { ChooseFilesButton } from '../features/import/ChooseFilesButton';
import { DropZone } from '../features/import/DropZone';
import { FirstRun } from '../features/import/FirstRun';
import { EmbeddingStatus } from '../features/import/EmbeddingStatus';
import { ImageTextStatus } from '../features/import/ImageTextStatus';
import { ImportingNote } from '../features/import/ImportingNote';
import { ImportPanel } from '../features/import/ImportPanel';
import { useEmbeddingProgress } from '../features/import/useEmbeddingProgress';
import { useImport } from '../features/import/useImport';
import { AttachmentPreview } from '../features/reader/AttachmentPreview';
import { ReadingPane } from '../features/reader/ReadingPane';
import { useMessage } from '../features/reader/useMessage';
import { useThread } from '../features/reader/useThread';
import { ResultList } from '../features/search/ResultList';
import { resultRows } from '../features/search/resultRows';
import { useResultNavigation } from '../features/search/useResultNavigation';
import { SettingsButton } from '../features/settings/SettingsButton';
import { MeaningModelStatus } from '../features/settings/MeaningModelStatus';
import { ThemeSwitch } from '../features/settings/ThemeSwitch';
import { useViewSettings } from '../features/settings/useViewSettings';
import { SearchBar } from '../features/search/SearchBar';
import { useSearch } from '../features/search/useSearch';
import { TimelinePanel } from '../features/timeline/TimelinePanel';
import { countOf } from '../ui/format';
import { cyclePanes } from './cyclePanes';
import { FolderRail } from './FolderRail';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { PaneResizers } from './PaneResizers';
import { usePaneSizes } from './usePaneSizes';
import { StoreHealthNotice } from './StoreHealthNotice';
import { useStore } from './useStore';
import { useStoreVersion } from './useStoreVersion';

export function App({ client }: { client: LanternClient }) {
  const storeVersion = useStoreVersion(client);
  const paneSizes = usePaneSizes();
  const store = useStore(client, storeVersion);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder>('relevance');
  const search = useSearch(client, query, sort, storeVersion);
  const view = useViewSettings();
  const [openId, setOpenId] = useState<string | null>(null);
  // The sentence an answer cited when its mail was opened from the answer pane; any other way of opening clears it.
  const [citation, setCitation] = useState<{ id: string; quote: string } | null>(null);
  // The gallery in the result list's place, and the attachment previewed in the reading pane's (null: the message).
  const [isGalleryOpen, setGalleryOpen] = useState(false);
  const [previewed, setPreviewed] = useState<GalleryItem | null>(null);
  const openMessage = useCallback((id: string, quote: string | null = null) => {
    setPreviewed(null);
    setCitation(quote === null ? null : { id, quote });
    setOpenId(id);
  }, []);
  const closeMessage = useCallback(() => {
    setCitation(null);
    setOpenId(null);
  }, []);
  const message = useMessage(client, openId, storeVersion);
  const thread = useThread(client, message.state === 'loaded' ? message.message.threadId : null, storeVersion);
  const importer = useImport(client);
  const embedding = useEmbeddingProgress(client);
  const answer = useAnswerPane(client);
  const [isHelpOpen, setHelpOpen] = useState(false);
  // Narrow windows show the folder tree over the list, from the rail; wide ones ignore this.
  const [isFolderOverlayOpen, setFolderOverlayOpen] = useState(false);

  const searchInput = useRef<HTMLInputElement>(null);
  const resultList = useRef<HTMLDivElement>(null);
  const readingPane = useRef<HTMLElement>(null);
  const answerPane = useRef<HTMLElement>(null);
  const galleryGrid = useRef<HTMLDivElement>(null);
  const gallery = useGallery(client, search.result?.query ?? '', isGalleryOpen, storeVersion, search.result?.completions !== undefined);
  const toggleGallery = useCallback(() => {
    setGalleryOpen((open) => !open);
    setPreviewed(null);
    // After the switch has rendered: the keys go to whichever of the two now shows.
    requestAnimationFrame(() => (galleryGrid.current ?? resultList.current)?.focus());
  }, []);
  const people = usePeopleView();
  const closePeople = people.close;
  // A new query (typed, a folder, a saved search, a person's mail) is for the result list: the People view steps aside.
  useEffect(() => closePeople(), [query, closePeople]);
  // From the People view: the search bar gets the person's (or pair's, or thread's) scope, and the list the keys.
  const showPeopleMail = useCallback(
    (scope: string, messageId?: string) => {
      setQuery(scope);
      closePeople();
      if (messageId) openMessage(messageId);
      requestAnimationFrame(() => resultList.current?.focus());
    },
    [closePeople, openMessage],
  );

  const rows = useMemo(() => resultRows(search.result?.hits ?? [], view.isGroupedByThread), [search.result, view.isGroupedByThread]);
  const isImporting = importer.state.phase === 'preparing' || importer.state.phase === 'running';
  const isEmpty = store.stats !== null && store.stats.messages === 0;

  const showMessage = useCallback(
    (id: string, focusReader: boolean) => {
      openMessage(id);
      if (focusReader) readingPane.current?.focus();
    },
    [openMessage],
  );
  const focusList = useCallback(() => resultList.current?.focus(), []);
  const navigation = useResultNavigation({
    rows,
    // An empty list being searched again (mail just imported) has nothing to act on yet: keys wait for the new rows.
    freshness: search.freshness === 'current' && search.isSearching && rows.length === 0 ? 'waiting' : search.freshness,
    // A new query, order or grouping starts the selection at the top; a refresh of the same list keeps the place.
    shownListing: `${sort}\u0000${search.result?.query ?? ''}\u0000${view.isGroupedByThread}`,
    wantedListing: `${sort}\u0000${search.listedQuery}`,
    isPreviewFollowingSelection: view.isPreviewFollowingSelection,
    showMessage,
    focusList,
  });
  const askBeside = useAskBeside({ answer, keepResults: search.keepResults, openId, openMessage, closeMessage });

  useKeyboardShortcuts({
    focusSearch: () => {
      const input = searchInput.current;
      if (!input) return;
      input.focus();
      // Caret at the end, so a folder scope or an earlier query can be refined rather than typed over.
      input.setSelectionRange(input.value.length, input.value.length);
    },
    move: (delta) => navigation.act({ kind: 'move', delta }),
    open: () => navigation.act({ kind: 'open' }),
    back: () => (galleryGrid.current ?? resultList.current)?.focus(),
    toggleGallery,
    openAdjacent: (delta) => navigation.act({ kind: 'openAdjacent', delta }),
    ask: () => askBeside(query),
    toggleAnswer: answer.toggle,
    cyclePane: (direction) =>
      cyclePanes(
        [
          { container: searchInput.current?.closest('header') ?? null, target: searchInput.current },
          {
            container: document.querySelector<HTMLElement>('[role="tree"]'),
            target: document.querySelector<HTMLElement>('[role="tree"] [tabindex="0"]'),
          },
          { container: resultList.current ?? galleryGrid.current },
          { container: readingPane.current },
          { container: answerPane.current },
        ],
        direction,
      ),
    showHelp: () => setHelpOpen(true),
  });

  const onFiles = importer.start;

  return (
    <div className="app" data-testid="app" data-host={client.host}>
      <header className="top-bar">
        <div className="brand" aria-label="Lantern">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Lantern</span>
        </div>
        <SearchBar
          client={client}
          inputRef={searchInput}
          query={query}
          // The order the list is in, as the engine ran it: a query without words is newest first whatever was asked.
          sort={search.freshness === 'current' && search.result ? search.result.sort : sort}
          warnings={search.result?.parsed.warnings ?? []}
          searched={search.result}
          isSearching={search.isSearching}
          onQueryChange={setQuery}
          onSortChange={setSort}
          onSubmit={search.searchNow}
          onEnterResults={() => (isGalleryOpen ? galleryGrid.current?.focus() : navigation.act({ kind: 'enter' }))}
          onFocus={search.settle}
        />
        <div className="top-actions">
          <AskButtons isOpen={answer.isOpen} onAsk={() => askBeside(query)} onToggle={answer.toggle} />
          <ChooseFilesButton onFiles={onFiles} isDisabled={isImporting} />
          <ThemeSwitch />
          <HelpButton onOpen={() => setHelpOpen(true)} />
          <SettingsButton client={client} />
        </div>
      </header>
      <div
        className={`panes ${answer.isOpen ? 'has-answer' : ''} ${isFolderOverlayOpen ? 'is-folder-open' : ''}`}
        style={paneSizes.style}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !isFolderOverlayOpen) return;
          // This Esc folds the tree away; the app's own Esc (back to the results) waits for the next one.
          event.stopPropagation();
          setFolderOverlayOpen(false);
          document.querySelector<HTMLElement>('[data-testid="folder-rail-toggle"]')?.focus();
        }}
      >
        <PaneResizers control={paneSizes} isAnswerOpen={answer.isOpen} />
        <FolderRail
          isOpen={isFolderOverlayOpen}
          onToggle={() => setFolderOverlayOpen((open) => !open)}
          isPeopleOpen={people.isOpen}
          onOpenPeople={() => people.open()}
        />
        <FolderTree
          folders={store.folders}
          stats={store.stats}
          activeScope={currentScope(query)}
          onSelect={(path) => {
            setFolderOverlayOpen(false);
            setQuery((previous) => withScope(previous, path));
          }}
          query={query}
          onRunSearch={setQuery}
          isPeopleOpen={people.isOpen}
          onOpenPeople={() => {
            setFolderOverlayOpen(false);
            people.open();
          }}
        />
        {isEmpty ? (
          <main className="main-empty">
            <FirstRun onFiles={onFiles} isBusy={isImporting} />
          </main>
        ) : people.isOpen ? (
          <PeopleView client={client} control={people} storeVersion={storeVersion} searchQuery={query} onShowMail={showPeopleMail} />
        ) : (
          <>
            {isGalleryOpen ? (
              <Gallery
                client={client}
                gallery={gallery}
                gridRef={galleryGrid}
                previewed={previewed}
                onPreview={setPreviewed}
                onClose={toggleGallery}
              />
            ) : (
              <ResultList
                listRef={resultList}
                viewSwitch={<GalleryToggle isOpen={false} onToggle={toggleGallery} />}
                result={search.result}
                rows={rows}
                view={view}
                freshness={search.freshness}
                keptQuery={search.listedQuery === query ? null : search.listedQuery}
                error={search.error}
                selectedIndex={navigation.selectedIndex}
                openId={openId}
                onOpen={navigation.openAt}
                onLoadMore={search.loadMore}
                onShowSimilar={search.showSimilar}
                overview={
                  <TimelinePanel
                    client={client}
                    result={search.result}
                    storeVersion={storeVersion}
                    query={query}
                    onQueryChange={setQuery}
                  />
                }
                notice={importer.state.phase === 'running' ? <ImportingNote progress={importer.state.progress} /> : null}
              />
            )}
            {previewed ? (
              <AttachmentPreview
                key={`${previewed.ref.messageId}\u0000${previewed.ref.index}`}
                client={client}
                item={previewed}
                query={gallery.query}
                paneRef={readingPane}
                onOpenMessage={(id) => {
                  openMessage(id);
                  readingPane.current?.focus();
                }}
              />
            ) : (
              <ReadingPane
                load={message}
                paneRef={readingPane}
                thread={thread}
                citedQuote={citation?.id === openId ? citation.quote : null}
                onOpen={openMessage}
                client={client}
                storeVersion={storeVersion}
              />
            )}
          </>
        )}
        {answer.isOpen && (
          <AnswerPane
            control={answer}
            paneRef={answerPane}
            openId={openId}
            onOpenMessage={(id, quote) => {
              openMessage(id, quote);
              readingPane.current?.focus();
            }}
          />
        )}
      </div>
      <footer className="status-bar" data-testid="status-bar">
        <StoreHealthNotice health={store.stats?.storeHealth} />
        {store.error ? (
          <span className="status-error" role="alert">
            {store.error}
          </span>
        ) : store.stats ? (
          <span className="status-stats" data-testid="store-stats">
            {countOf(store.stats.messages, 'message')} · {countOf(store.stats.threads, 'thread')} ·{' '}
            {countOf(store.stats.sources.length, 'source')}
          </span>
        ) : (
          <span>Connecting…</span>
        )}
        <EmbeddingStatus control={embedding} />
        <ImageTextStatus client={client} />
        <MeaningModelStatus client={client} storedEmbedderId={store.stats?.embedderId ?? null} />
        <span className="status-host muted">{client.host === 'browser' ? 'Browser mode · local only' : 'Offline'}</span>
      </footer>
      {isHelpOpen && <ShortcutSheet onClose={() => setHelpOpen(false)} />}
      <ImportPanel control={importer} />
      <DropZone onFiles={onFiles} isBusy={isImporting} />
    </div>
  );
}
