// Saved searches in localStorage (`lantern.savedSearches`), one store shared by the star in the bar and the folder tree.
import { normalizeQuery } from './queryHistory';
import { readStoredList, writeStoredList } from './storedList';

export const SAVED_SEARCHES_KEY = 'lantern.savedSearches';

/** A query kept by the star; listed under "Saved searches" in the folder tree in the order saved. */
export interface SavedSearch {
  query: string;
  savedAt: number;
}

function isSavedSearch(value: unknown): value is SavedSearch {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SavedSearch>;
  return typeof candidate.query === 'string' && candidate.query.trim() !== '' && typeof candidate.savedAt === 'number';
}

let current: readonly SavedSearch[] | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

// Another window of the app changed the list: read it again.
function onStorage(event: StorageEvent): void {
  if (event.key !== SAVED_SEARCHES_KEY && event.key !== null) return;
  current = null;
  notify();
}

export function subscribeSavedSearches(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function savedSearchesSnapshot(): readonly SavedSearch[] {
  current ??= readStoredList(SAVED_SEARCHES_KEY, isSavedSearch);
  return current;
}

function replace(next: readonly SavedSearch[]): void {
  current = next;
  writeStoredList(SAVED_SEARCHES_KEY, next);
  notify();
}

export function saveSearch(query: string): void {
  const entry = normalizeQuery(query);
  if (entry === '' || savedSearchesSnapshot().some((saved) => saved.query === entry)) return;
  replace([...savedSearchesSnapshot(), { query: entry, savedAt: Date.now() }]);
}

export function removeSavedSearch(query: string): void {
  const entry = normalizeQuery(query);
  replace(savedSearchesSnapshot().filter((saved) => saved.query !== entry));
}
