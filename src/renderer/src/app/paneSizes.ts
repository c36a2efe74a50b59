// Pane widths the user dragged to, kept within sensible bounds and remembered between sessions.

export interface PaneSizes {
  folder: number;
  results: number;
  answer: number;
  /** The folder pane folded away (double-click or Enter on its edge). */
  isFolderCollapsed: boolean;
}

export type PaneName = 'folder' | 'results' | 'answer';

export const DEFAULT_PANE_SIZES: PaneSizes = { folder: 240, results: 400, answer: 360, isFolderCollapsed: false };

const LIMITS: Record<PaneName, [number, number]> = { folder: [140, 480], results: [260, 900], answer: [260, 720] };

export function clampPane(pane: PaneName, width: number): number {
  const [min, max] = LIMITS[pane];
  return Math.round(Math.min(max, Math.max(min, width)));
}

/** Reads saved sizes, keeping defaults for anything missing or out of shape (a hand edit, an older version). */
export function parsePaneSizes(saved: string | null): PaneSizes {
  if (!saved) return DEFAULT_PANE_SIZES;
  try {
    const value = JSON.parse(saved) as Partial<Record<keyof PaneSizes, unknown>>;
    const width = (pane: PaneName): number =>
      typeof value[pane] === 'number' && Number.isFinite(value[pane]) ? clampPane(pane, value[pane]) : DEFAULT_PANE_SIZES[pane];
    return {
      folder: width('folder'),
      results: width('results'),
      answer: width('answer'),
      isFolderCollapsed: value.isFolderCollapsed === true,
    };
  } catch {
    return DEFAULT_PANE_SIZES;
  }
}
