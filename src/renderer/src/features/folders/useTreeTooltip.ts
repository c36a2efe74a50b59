// When the folder tooltip shows: after a short rest of the pointer on a row, or at once when the keyboard moves to it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FolderTreeNode } from '../../../../shared/folderTree/buildFolderTree';
import type { FolderTreeRow } from '../../../../shared/folderTree/visibleRows';
import type { TooltipTarget } from './FolderTooltip';

const HOVER_DELAY_MS = 450;

export function useTreeTooltip(sourceNames: ReadonlyMap<string, string>) {
  const [target, setTarget] = useState<TooltipTarget | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = (): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const show = useCallback(
    (node: FolderTreeNode, element: HTMLElement) => {
      const rect = element.getBoundingClientRect();
      const name = element.querySelector('.tree-name')?.getBoundingClientRect();
      setTarget({
        node,
        rect: { left: name?.left ?? rect.left, bottom: rect.bottom },
        sourceName: sourceNames.get(node.source) ?? node.source,
      });
    },
    [sourceNames],
  );

  const hide = useCallback(() => {
    cancel();
    setTarget(null);
  }, []);

  const hover = (row: FolderTreeRow | null, element: HTMLElement | null): void => {
    cancel();
    if (!row || !element) {
      setTarget(null);
      return;
    }
    timer.current = setTimeout(() => show(row.node, element), HOVER_DELAY_MS);
  };

  useEffect(() => cancel, []);
  return { target, show, hide, hover };
}
