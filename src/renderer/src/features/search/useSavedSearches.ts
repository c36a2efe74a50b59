// Saved searches for any component: the list, whether a query is saved, save and remove.
import { useSyncExternalStore } from 'react';
import { normalizeQuery } from './queryHistory';
import { removeSavedSearch, saveSearch, savedSearchesSnapshot, subscribeSavedSearches, type SavedSearch } from './savedSearchStore';

export interface SavedSearches {
  savedSearches: readonly SavedSearch[];
  isSaved: (query: string) => boolean;
  save: (query: string) => void;
  remove: (query: string) => void;
}

export function useSavedSearches(): SavedSearches {
  const savedSearches = useSyncExternalStore(subscribeSavedSearches, savedSearchesSnapshot);
  const isSaved = (query: string): boolean => {
    const entry = normalizeQuery(query);
    return entry !== '' && savedSearches.some((saved) => saved.query === entry);
  };
  return { savedSearches, isSaved, save: saveSearch, remove: removeSavedSearch };
}
