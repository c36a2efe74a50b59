// Draggable edges between the panes (also arrow keys when focused); the folder pane's edge folds it away on
// double-click or Enter. Wide windows only: narrow ones stack the panes their own way.
import type { KeyboardEvent, PointerEvent } from 'react';
import type { PaneName } from './paneSizes';
import type { PaneSizesControl } from './usePaneSizes';

const KEY_STEP = 16;

interface Edge {
  pane: PaneName;
  label: string;
  /** Distance from the left edge of the panes, or from the right edge for the answer pane. */
  left?: number;
  right?: number;
  /** How a drag of dx pixels changes this pane's width. */
  sign: 1 | -1;
}

export function PaneResizers({ control, isAnswerOpen }: { control: PaneSizesControl; isAnswerOpen: boolean }) {
  const { sizes } = control;
  const folderWidth = sizes.isFolderCollapsed ? 0 : sizes.folder;
  const edges: Edge[] = [
    { pane: 'folder', label: 'Resize the folder pane (Enter folds it away)', left: folderWidth, sign: 1 },
    { pane: 'results', label: 'Resize the result list', left: folderWidth + sizes.results, sign: 1 },
    ...(isAnswerOpen ? [{ pane: 'answer' as const, label: 'Resize the answer pane', right: sizes.answer, sign: -1 as const }] : []),
  ];

  const startDrag = (edge: Edge) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = edge.pane === 'folder' ? folderWidth : sizes[edge.pane];
    const move = (moveEvent: globalThis.PointerEvent): void =>
      control.resize(edge.pane, startWidth + edge.sign * (moveEvent.clientX - startX));
    const stop = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };

  const onKeyDown = (edge: Edge) => (event: KeyboardEvent<HTMLDivElement>) => {
    const current = edge.pane === 'folder' ? folderWidth : sizes[edge.pane];
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      event.stopPropagation();
      control.resize(edge.pane, current + edge.sign * (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
    } else if (event.key === 'Enter' && edge.pane === 'folder') {
      event.preventDefault();
      event.stopPropagation();
      control.toggleFolder();
    }
  };

  return (
    <>
      {edges.map((edge) => (
        <div
          key={edge.pane}
          className="pane-resizer"
          role="separator"
          aria-orientation="vertical"
          aria-label={edge.label}
          aria-valuenow={edge.pane === 'folder' ? folderWidth : sizes[edge.pane]}
          tabIndex={0}
          style={edge.left !== undefined ? { left: edge.left - 3 } : { right: (edge.right ?? 0) - 3 }}
          onPointerDown={startDrag(edge)}
          onDoubleClick={edge.pane === 'folder' ? control.toggleFolder : undefined}
          onKeyDown={onKeyDown(edge)}
          data-testid={`pane-resizer-${edge.pane}`}
        />
      ))}
    </>
  );
}
