import { describe, expect, it } from 'vitest';
import { clampPane, DEFAULT_PANE_SIZES, parsePaneSizes } from './paneSizes';

describe('pane sizes', () => {
  it('keeps widths within bounds', () => {
    expect(clampPane('folder', 20)).toBe(140);
    expect(clampPane('results', 5000)).toBe(900);
    expect(clampPane('answer', 401.6)).toBe(402);
  });

  it('reads saved sizes and falls back field by field', () => {
    expect(parsePaneSizes(null)).toEqual(DEFAULT_PANE_SIZES);
    expect(parsePaneSizes('not json')).toEqual(DEFAULT_PANE_SIZES);
    expect(parsePaneSizes('{"folder":300,"results":"wide","answer":10,"isFolderCollapsed":true}')).toEqual({
      folder: 300,
      results: 400,
      answer: 260,
      isFolderCollapsed: true,
    });
  });
});
