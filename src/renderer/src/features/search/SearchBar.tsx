// The search box: chips over a free-text field, autocomplete, history on ↑, a star to save; under it, what was
// understood, "Did you mean …?" and warnings (QueryNotes).
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { LanternApi } from '../../../../shared/contract/api';
import type { SearchResult, SortOrder } from '../../../../shared/model/search';
import type { Suggestion } from '../../../../shared/query/complete';
import type { Interpretation } from '../../../../shared/query/ast';
import { applySuggestion as applyCorrection, operatorSuggestions, type QuerySuggestion } from '../../../../shared/query/didYouMean';
import { parseQuery } from '../../../../shared/query/parse';
import { Icon } from '../../ui/Icon';
import { chipBeforeCursor, removeSpan } from './chipEditing';
import { applySuggestion } from './completionContext';
import { QueryMirror } from './QueryMirror';
import { QueryNotes } from './QueryNotes';
import { queryPieces, type Chip } from './queryPieces';
import { SaveSearchButton } from './SaveSearchButton';
import { SUGGESTIONS_ID, SuggestionList, suggestionId } from './SuggestionList';
import { useCompletions } from './useCompletions';
import { highlightKey, highlightedIndex, type HighlightKey } from './suggestionHighlight';
import { useQueryHistory } from './useQueryHistory';
import { useReadingFlip } from './useReadingFlip';
import { removeUnderstood } from './understoodEditing';
import './searchBar.css';

export interface SearchBarProps {
  client: Pick<LanternApi, 'complete'>;
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  sort: SortOrder;
  warnings: readonly string[];
  /** The last search's query and the engine's parse of it, whose marks are painted while the text is that query. */
  searched: Pick<SearchResult, 'query' | 'parsed' | 'understood' | 'suggestions' | 'total'> | null;
  isSearching: boolean;
  onQueryChange: (query: string) => void;
  onSortChange: (sort: SortOrder) => void;
  onSubmit: () => void;
  onEnterResults: () => void;
  /** The box takes the focus: the list on screen is the one the person is about to edit the query of. */
  onFocus?: () => void;
}

export function SearchBar({
  client,
  inputRef,
  query,
  sort,
  warnings,
  searched,
  isSearching,
  onQueryChange,
  onSortChange,
  onSubmit,
  onEnterResults,
  onFocus,
}: SearchBarProps) {
  const [cursor, setCursor] = useState(query.length);
  const [isFocused, setIsFocused] = useState(false);
  // Suggestions are wanted once the person types, until Esc, Enter, leaving the box or taking a value.
  const [isWanted, setIsWanted] = useState(false);
  const [highlighted, setHighlighted] = useState<HighlightKey | null>(null);
  // Which past query ↑ has recalled (0 = the newest); null while the text is the person's own.
  const [historyIndex, setHistoryIndex] = useState<number | null>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const history = useQueryHistory();

  const parsed = useMemo(() => parseQuery(query), [query]);
  // The engine reads dates in its time zone and names among its contacts: once it has searched this text, its marks
  // are the ones to paint, so the chips' problems are the warnings shown under the bar.
  const isSearched = searched?.query === query;
  const engineMarks = isSearched ? searched.parsed.marks : undefined;
  // What plain English was read as and what to correct: the engine's once it searched this text (its contacts find
  // "from jeff", its index knows the words), the bar's own parse while typing.
  const understood = (isSearched ? searched.understood : undefined) ?? parsed.understood ?? [];
  const suggestions = useMemo(
    () => (isSearched ? searched.suggestions : undefined) ?? operatorSuggestions(parsed),
    [isSearched, searched, parsed],
  );
  const pieces = useMemo(() => queryPieces(query, parsed, engineMarks), [query, parsed, engineMarks]);
  const chips = useMemo(() => pieces.flatMap((piece) => (piece.kind === 'chip' ? [piece.chip] : [])), [pieces]);
  const completions = useCompletions(client, query, cursor, isWanted && isFocused);
  const activeIndex = completions !== null ? highlightedIndex(completions.suggestions, highlighted) : null;

  const syncScroll = useCallback(() => {
    const input = inputRef.current;
    const mirror = mirrorRef.current;
    if (input && mirror) mirror.scrollLeft = input.scrollLeft;
  }, [inputRef]);

  // A caret asked for by an edit is placed once the input shows the new text; the mirror follows the input's scroll.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && pendingCursor.current !== null && input.value === query) {
      input.setSelectionRange(pendingCursor.current, pendingCursor.current);
      pendingCursor.current = null;
    }
    syncScroll();
  });

  const replaceQuery = (text: string, caret: number): void => {
    pendingCursor.current = caret;
    setHighlighted(null);
    setCursor(caret);
    onQueryChange(text);
  };

  const accept = (suggestion: Suggestion): void => {
    if (completions === null) return;
    const applied = applySuggestion(query, completions.answeredText, suggestion);
    setHistoryIndex(null);
    setIsWanted(applied.wantsValues);
    replaceQuery(applied.text, applied.cursor);
  };

  const removeChip = (chip: Chip, end = chip.span.end): void => {
    const edit = removeSpan(query, { start: chip.span.start, end });
    setIsWanted(false);
    setHistoryIndex(null);
    replaceQuery(edit.text, edit.cursor);
    inputRef.current?.focus();
  };

  const removeInterpretation = (item: Interpretation): void => {
    const edit = removeUnderstood(query, item);
    setIsWanted(false);
    setHistoryIndex(null);
    replaceQuery(edit.text, edit.cursor);
    onSubmit();
  };

  const searchText = (text: string): void => {
    setIsWanted(false);
    setHistoryIndex(null);
    replaceQuery(text, text.length);
    onSubmit();
  };
  const reading = useReadingFlip(query, searched, searchText);

  const takeSuggestion = (suggestion: QuerySuggestion): void => {
    const text = applyCorrection(query, suggestion);
    setIsWanted(false);
    setHistoryIndex(null);
    replaceQuery(text, suggestion.span.start + suggestion.replacement.length);
    onSubmit();
    inputRef.current?.focus();
  };

  const recall = (index: number): void => {
    if (index >= history.entries.length) return;
    const entry = index < 0 ? '' : history.entries[index]!;
    setHistoryIndex(index < 0 ? null : index);
    setIsWanted(false);
    replaceQuery(entry, entry.length);
  };

  const moveHighlight = (delta: number): void => {
    if (completions === null) return;
    const count = completions.suggestions.length;
    const next = activeIndex === null ? (delta > 0 ? 0 : count - 1) : activeIndex + delta;
    // Past either end the highlight goes back to the text, as in Gmail: Enter then searches what was typed.
    setHighlighted(next < 0 || next >= count ? null : highlightKey(completions.suggestions[next]!));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.nativeEvent.isComposing) return;
    const input = event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (completions !== null) moveHighlight(1);
        else if (historyIndex !== null) recall(historyIndex - 1);
        else {
          history.remember(query);
          onEnterResults();
        }
        return;
      case 'ArrowUp':
        if (completions !== null) {
          event.preventDefault();
          moveHighlight(-1);
        } else if (query === '' || historyIndex !== null) {
          event.preventDefault();
          recall((historyIndex ?? -1) + 1);
        }
        return;
      case 'Tab':
        if (completions === null || event.shiftKey) return;
        event.preventDefault();
        accept(completions.suggestions[activeIndex ?? 0]!);
        return;
      case 'Enter':
        event.preventDefault();
        if (completions !== null && activeIndex !== null) {
          accept(completions.suggestions[activeIndex]!);
          return;
        }
        setIsWanted(false);
        setHistoryIndex(null);
        history.remember(query);
        onSubmit();
        return;
      case 'Escape':
        event.preventDefault();
        if (completions !== null) {
          setIsWanted(false);
          setHighlighted(null);
        } else if (query) {
          setHistoryIndex(null);
          replaceQuery('', 0);
        } else input.blur();
        return;
      case 'Backspace': {
        const caret = input.selectionStart;
        if (caret === null || caret !== input.selectionEnd) return;
        const chip = chipBeforeCursor(chips, query, caret);
        if (chip === null) return;
        event.preventDefault();
        removeChip(chip, caret);
        return;
      }
      default:
        return;
    }
  };

  const isOpen = completions !== null;
  return (
    <div className="search-area">
      <div className="search-row">
        <div className={`search-box ${isSearching ? 'is-searching' : ''} ${isOpen ? 'is-open' : ''}`}>
          <span className="search-icon" aria-hidden="true">
            <Icon name="search" size={17} />
          </span>
          <div className="search-field">
            <QueryMirror
              mirrorRef={mirrorRef}
              text={query}
              pieces={pieces}
              editingAt={isFocused ? cursor : null}
              onRemoveChip={(chip) => removeChip(chip)}
            />
            <input
              ref={inputRef}
              className="search-input"
              type="search"
              role="combobox"
              aria-expanded={isOpen}
              aria-controls={isOpen ? SUGGESTIONS_ID : undefined}
              aria-activedescendant={isOpen && activeIndex !== null ? suggestionId(activeIndex) : undefined}
              aria-autocomplete="list"
              aria-label="Search mail"
              aria-describedby={warnings.length > 0 ? 'search-warnings' : undefined}
              placeholder="Search mail   (press / )   e.g. from:anna has:pdf after:2023"
              spellCheck={false}
              autoComplete="off"
              value={query}
              onChange={(event) => {
                // New letters ask for a new list; as in Gmail, nothing in it is highlighted until ↓.
                setHighlighted(null);
                setHistoryIndex(null);
                setIsWanted(true);
                setCursor(event.target.selectionStart ?? event.target.value.length);
                onQueryChange(event.target.value);
              }}
              onSelect={(event) => {
                const caret = event.currentTarget.selectionStart;
                if (caret !== null && caret !== cursor) {
                  // The caret moved to another place, maybe another word: its list starts with nothing highlighted.
                  setHighlighted(null);
                  setCursor(caret);
                }
                syncScroll();
              }}
              onScroll={syncScroll}
              onFocus={() => {
                setIsFocused(true);
                onFocus?.();
              }}
              onBlur={() => {
                setIsFocused(false);
                setIsWanted(false);
              }}
              onKeyDown={onKeyDown}
              data-testid="search-input"
            />
          </div>
          {query.trim() !== '' && <SaveSearchButton query={query} />}
          {query && (
            <button type="button" className="search-clear" aria-label="Clear search" onClick={() => replaceQuery('', 0)} tabIndex={-1}>
              ×
            </button>
          )}
          {completions !== null && (
            <SuggestionList
              text={query}
              suggestions={completions.suggestions}
              activeIndex={activeIndex}
              onHighlight={(index) => setHighlighted(highlightKey(completions.suggestions[index]!))}
              onAccept={accept}
            />
          )}
        </div>
        <div className="sort-toggle" role="group" aria-label="Sort results">
          {(['relevance', 'date'] as const).map((order) => (
            <button
              key={order}
              type="button"
              className={`sort-option ${sort === order ? 'is-active' : ''}`}
              aria-pressed={sort === order}
              onClick={() => onSortChange(order)}
              data-testid={`sort-${order}`}
            >
              {order === 'relevance' ? 'Relevance' : 'Newest'}
            </button>
          ))}
        </div>
      </div>
      <QueryNotes
        text={query}
        understood={understood}
        suggestions={suggestions}
        warnings={warnings}
        onRemoveUnderstood={removeInterpretation}
        onApplySuggestion={takeSuggestion}
        reading={reading}
      />
    </div>
  );
}
