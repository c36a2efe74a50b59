import { describe, expect, test } from 'vitest';
import { parseThemePreference, readThemePreference, THEME_STORAGE_KEY } from './themePreference';

describe('theme preference', () => {
  test('light and dark are kept; anything else follows the system', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    for (const value of ['system', null, undefined, '', 'Dark', 'solarized']) expect(parseThemePreference(value)).toBe('system');
  });

  test('reads the saved value under its key', () => {
    const saved = new Map([[THEME_STORAGE_KEY, 'dark']]);
    expect(readThemePreference({ getItem: (key) => saved.get(key) ?? null })).toBe('dark');
  });

  test('storage that refuses to be read gives the system theme instead of an error', () => {
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError: storage is disabled');
      },
    };
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(readThemePreference(refusing)).toBe('system');
    } finally {
      console.warn = warn;
    }
    expect(warnings).toHaveLength(1);
  });
});
