// F6 and Shift+F6: focus moves pane to pane (search bar, folders, results, reading pane, answer), wrapping around.

export interface Pane {
  /** The element that holds the pane; focus anywhere inside it counts as being in the pane. */
  container: HTMLElement | null;
  /** Where focus lands when the pane is entered; the container when absent. */
  target?: HTMLElement | null;
}

function isShown(element: HTMLElement | null | undefined): element is HTMLElement {
  return element !== null && element !== undefined && element.isConnected && element.getClientRects().length > 0;
}

export function cyclePanes(panes: readonly Pane[], direction: 1 | -1, active: Element | null = document.activeElement): void {
  const shown = panes.filter((pane) => isShown(pane.container));
  if (shown.length === 0) return;
  const index = shown.findIndex((pane) => pane.container!.contains(active));
  // From outside every pane (the status bar, nothing), F6 starts at the first pane and Shift+F6 at the last.
  const next = index === -1 ? (direction === 1 ? 0 : shown.length - 1) : (index + direction + shown.length) % shown.length;
  const pane = shown[next]!;
  (isShown(pane.target) ? pane.target : pane.container)!.focus();
}
