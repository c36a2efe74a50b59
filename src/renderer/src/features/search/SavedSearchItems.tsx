// "Saved searches" in the folder tree: each starred query, run by a click or Enter, removed by its × or Delete.
import type { KeyboardEvent } from 'react';
import { normalizeQuery } from './queryHistory';
import { StarIcon } from './StarIcon';
import { useSavedSearches } from './useSavedSearches';
import './savedSearches.css';

export interface SavedSearchItemsProps {
  /** The query in the search bar, to mark the saved search it is. */
  query: string;
  onRun: (query: string) => void;
}

export function SavedSearchItems({ query, onRun }: SavedSearchItemsProps) {
  const { savedSearches, remove } = useSavedSearches();
  if (savedSearches.length === 0) return null;
  const current = normalizeQuery(query);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, saved: string): void => {
    if (event.key === 'Enter' || event.key === ' ') onRun(saved);
    else if (event.key === 'Delete' || event.key === 'Backspace') remove(saved);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <li role="none" className="tree-heading saved-searches-heading" data-testid="saved-searches-heading">
        Saved searches
      </li>
      {savedSearches.map((saved) => {
        const isSelected = saved.query === current;
        return (
          <li
            key={saved.query}
            role="treeitem"
            aria-level={1}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            className={`tree-item tree-saved-search ${isSelected ? 'is-selected' : ''}`}
            title={saved.query}
            onClick={() => onRun(saved.query)}
            onKeyDown={(event) => onKeyDown(event, saved.query)}
            data-testid="saved-search"
          >
            <span className="tree-icon" aria-hidden="true">
              <StarIcon size={15} />
            </span>
            <span className="tree-name">{saved.query}</span>
            <button
              type="button"
              className="saved-search-remove"
              aria-label={`Remove saved search ${saved.query}`}
              title="Remove saved search"
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                remove(saved.query);
              }}
              data-testid="saved-search-remove"
            >
              ×
            </button>
          </li>
        );
      })}
    </>
  );
}
