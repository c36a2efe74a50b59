// The theme choice: light, dark or the system's, kept in localStorage and set as data-theme on <html> for theme.css.

export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export const THEME_STORAGE_KEY = 'lantern.theme';

/** Anything unknown (nothing saved yet, an old or hand-edited value) follows the system. */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function readThemePreference(storage: Pick<Storage, 'getItem'>): ThemePreference {
  try {
    return parseThemePreference(storage.getItem(THEME_STORAGE_KEY));
  } catch (error) {
    // Storage can be switched off (privacy settings); the system's theme is a fine answer then.
    console.warn('theme: could not read the saved theme; following the system', error);
    return 'system';
  }
}

/** Pins light or dark; "system" removes the pin so color-scheme follows prefers-color-scheme. */
export function applyThemePreference(root: HTMLElement, preference: ThemePreference): void {
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
}
