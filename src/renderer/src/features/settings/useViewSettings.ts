// The view settings as shared state: the result list, its header toggles and the settings dialog see one value, and
// another window's change (a second browser tab) is followed.
import { useSyncExternalStore } from 'react';
import { parseViewSettings, readViewSettings, VIEW_STORAGE_KEY, type ViewSettings } from './viewSettings';

const listeners = new Set<() => void>();
let current: ViewSettings | null = null;

function snapshot(): ViewSettings {
  current ??= readViewSettings(localStorage);
  return current;
}

function publish(next: ViewSettings): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === VIEW_STORAGE_KEY) publish(parseViewSettings(event.newValue));
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Applies a change at once and saves it; a refused save is logged and the change lasts until the window closes. */
export function updateViewSettings(change: Partial<ViewSettings>): void {
  const next = { ...snapshot(), ...change };
  publish(next);
  try {
    localStorage.setItem(VIEW_STORAGE_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('view settings: could not save them; they apply until the window closes', error);
  }
}

export function useViewSettings(): ViewSettings {
  return useSyncExternalStore(subscribe, snapshot);
}
