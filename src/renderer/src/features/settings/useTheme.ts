// The theme choice as React state: applied to <html> before paint, saved on change, shared by every open window.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import {
  applyThemePreference,
  parseThemePreference,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './themePreference';

// Applied when the module loads, before React's first paint, so a dark choice never flashes light on start.
applyThemePreference(document.documentElement, readThemePreference(localStorage));

export function useTheme(): [ThemePreference, (preference: ThemePreference) => void] {
  const [preference, setPreference] = useState<ThemePreference>(() => readThemePreference(localStorage));

  useLayoutEffect(() => applyThemePreference(document.documentElement, preference), [preference]);

  // Another window (a second browser tab) changed it: follow.
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key === THEME_STORAGE_KEY) setPreference(parseThemePreference(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const choose = useCallback((next: ThemePreference) => {
    setPreference(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch (error) {
      console.warn('theme: could not save the theme; it applies until the window closes', error);
    }
  }, []);

  return [preference, choose];
}
