// The search box: search as you type, Enter at once, Esc clears, ↓ moves into the results; warnings shown under it.
import type { KeyboardEvent, RefObject } from 'react';
import type { SortOrder } from '../../../../shared/model/search';
import { Icon } from '../../ui/Icon';

export interface SearchBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  sort: SortOrder;
  warnings: readonly string[];
  isSearching: boolean;
  onQueryChange: (query: string) => void;
  onSortChange: (sort: SortOrder) => void;
  onSubmit: () => void;
  onEnterResults: () => void;
}

export function SearchBar({ inputRef, query, sort, warnings, isSearching, onQueryChange, onSortChange, onSubmit, onEnterResults }: SearchBarProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        onSubmit();
        return;
      case 'Escape':
        event.preventDefault();
        if (query) onQueryChange('');
        else event.currentTarget.blur();
        return;
      case 'ArrowDown':
        event.preventDefault();
        onEnterResults();
        return;
      default:
        return;
    }
  };

  return (
    <div className="search-area">
      <div className="search-row">
        <div className={`search-box ${isSearching ? 'is-searching' : ''}`}>
          <span className="search-icon" aria-hidden="true">
            <Icon name="search" size={17} />
          </span>
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-expanded={false}
            aria-controls="result-list"
            aria-autocomplete="none"
            aria-label="Search mail"
            aria-describedby={warnings.length > 0 ? 'search-warnings' : undefined}
            placeholder="Search mail   (press / )   e.g. from:anna has:pdf after:2023"
            spellCheck={false}
            autoComplete="off"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid="search-input"
          />
          {query && (
            <button type="button" className="search-clear" aria-label="Clear search" onClick={() => onQueryChange('')} tabIndex={-1}>
              ×
            </button>
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
      {warnings.length > 0 && (
        <ul className="search-warnings" id="search-warnings" data-testid="search-warnings">
          {warnings.map((warning) => (
            <li key={warning}>
              <Icon name="warning" size={13} /> {warning}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
