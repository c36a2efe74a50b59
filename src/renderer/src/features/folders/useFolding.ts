// Which tree nodes are folded, remembered in localStorage by node key so the tree comes back as it was left.
import { useCallback, useMemo, useState } from 'react';
import { readStoredList, writeStoredList } from '../search/storedList';

const STORAGE_KEY = 'lantern.folderTree.folded';

const isKey = (value: unknown): value is string => typeof value === 'string';

export interface Folding {
  isCollapsed: (key: string) => boolean;
  /** Folds or unfolds a node; without `isExpanded` it flips. */
  setExpanded: (key: string, isExpanded?: boolean) => void;
}

export function useFolding(): Folding {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set(readStoredList(STORAGE_KEY, isKey)));
  const setExpanded = useCallback((key: string, isExpanded?: boolean) => {
    setFolded((previous) => {
      const expand = isExpanded ?? previous.has(key);
      if (expand !== previous.has(key)) return previous;
      const next = new Set(previous);
      if (expand) next.delete(key);
      else next.add(key);
      writeStoredList(STORAGE_KEY, [...next]);
      return next;
    });
  }, []);
  // A new function when the folding changes, so the rows computed from it are computed again.
  const isCollapsed = useMemo(() => (key: string) => folded.has(key), [folded]);
  return { isCollapsed, setExpanded };
}
