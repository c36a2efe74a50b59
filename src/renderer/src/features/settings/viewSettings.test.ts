import { describe, expect, test } from 'vitest';
import { DEFAULT_VIEW_SETTINGS, parseViewSettings, readViewSettings, VIEW_STORAGE_KEY } from './viewSettings';

describe('view settings', () => {
  test('nothing saved: comfortable rows, one per message, preview following the selection, whole conversations read', () => {
    expect(parseViewSettings(null)).toEqual({
      density: 'comfortable',
      isGroupedByThread: false,
      isPreviewFollowingSelection: true,
      isConversationView: true,
    });
  });

  test('saved choices are kept', () => {
    const saved = { density: 'compact', isGroupedByThread: true, isPreviewFollowingSelection: false, isConversationView: false };
    expect(parseViewSettings(JSON.stringify(saved))).toEqual(saved);
  });

  test('each unknown or missing field takes its default; the others are kept', () => {
    expect(parseViewSettings(JSON.stringify({ density: 'tiny', isGroupedByThread: true }))).toEqual({
      ...DEFAULT_VIEW_SETTINGS,
      isGroupedByThread: true,
    });
    expect(parseViewSettings(JSON.stringify({ density: 'compact', isPreviewFollowingSelection: 'yes' }))).toEqual({
      ...DEFAULT_VIEW_SETTINGS,
      density: 'compact',
    });
    expect(parseViewSettings('[1, 2]')).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(parseViewSettings('7')).toEqual(DEFAULT_VIEW_SETTINGS);
  });

  test('text that is not JSON, or storage that refuses to be read, gives the defaults with a warning', () => {
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(parseViewSettings('{density')).toEqual(DEFAULT_VIEW_SETTINGS);
      const refusing = {
        getItem: (): string | null => {
          throw new Error('SecurityError: storage is disabled');
        },
      };
      expect(readViewSettings(refusing)).toEqual(DEFAULT_VIEW_SETTINGS);
      const saved = new Map([[VIEW_STORAGE_KEY, JSON.stringify({ density: 'compact' })]]);
      expect(readViewSettings({ getItem: (key) => saved.get(key) ?? null }).density).toBe('compact');
    } finally {
      console.warn = warn;
    }
    expect(warnings).toHaveLength(2);
  });
});
