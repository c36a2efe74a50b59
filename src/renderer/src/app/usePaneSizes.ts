// The pane widths as state, saved to localStorage as they change.
import { useCallback, useState, type CSSProperties } from 'react';
import { clampPane, parsePaneSizes, type PaneName, type PaneSizes } from './paneSizes';

const STORAGE_KEY = 'lantern.paneSizes';

function load(): PaneSizes {
  try {
    return parsePaneSizes(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return parsePaneSizes(null);
  }
}

export interface PaneSizesControl {
  sizes: PaneSizes;
  /** The CSS variables the wide pane grid reads. */
  style: CSSProperties;
  resize(pane: PaneName, width: number): void;
  toggleFolder(): void;
}

export function usePaneSizes(): PaneSizesControl {
  const [sizes, setSizes] = useState<PaneSizes>(load);
  const update = useCallback((change: (previous: PaneSizes) => PaneSizes) => {
    setSizes((previous) => {
      const next = change(previous);
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private windows may refuse storage: sizes then last for this session only.
      }
      return next;
    });
  }, []);
  const resize = useCallback(
    (pane: PaneName, width: number) =>
      update((previous) => ({ ...previous, [pane]: clampPane(pane, width), ...(pane === 'folder' ? { isFolderCollapsed: false } : {}) })),
    [update],
  );
  const toggleFolder = useCallback(() => update((previous) => ({ ...previous, isFolderCollapsed: !previous.isFolderCollapsed })), [update]);
  // Read by the wide layout only (layout.css); narrow windows keep their own stacked sizes.
  const style = {
    '--user-pane-folder': `${sizes.isFolderCollapsed ? 0 : sizes.folder}px`,
    '--user-pane-results': `${sizes.results}px`,
    '--user-pane-answer': `${sizes.answer}px`,
  } as CSSProperties;
  return { sizes, style, resize, toggleFolder };
}
