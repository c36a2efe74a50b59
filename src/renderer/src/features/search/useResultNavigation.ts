// The result list's selection and the keys that act on it. Keys act on the list on screen only when it answers the
// query last submitted: pressed while that search runs, they wait for its results and are then replayed on them
// (a fast typist's Enter, ↓, Enter opens a mail of the new query); when it fails they act on nothing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyListActions, type ListAction } from './listActions';
import type { ResultRow } from './resultRows';
import type { ListingFreshness } from './useSearch';

/** A pause in ↓/↑ long enough to read: holding a key down loads only where it stops. */
const PREVIEW_DELAY_MS = 150;

export interface ResultNavigationOptions {
  rows: readonly ResultRow[];
  freshness: ListingFreshness;
  /** Names the list on screen: a new one starts its selection at the top, a refresh of the same one keeps the place. */
  shownListing: string;
  /** Names the list the keys are meant for (the query last submitted); held keys are dropped when it changes. */
  wantedListing: string;
  isPreviewFollowingSelection: boolean;
  /** Opens a message in the reading pane; `focusReader` moves the keyboard there (Enter), a preview does not. */
  showMessage: (id: string, focusReader: boolean) => void;
  focusList: () => void;
}

export interface ResultNavigation {
  selectedIndex: number;
  /** A key's action, run now or held until the list answers the query last submitted. */
  act: (action: ListAction) => void;
  /** A click on a row: the person points at what is on screen, so it acts at once. */
  openAt: (index: number) => void;
}

export function useResultNavigation(options: ResultNavigationOptions): ResultNavigation {
  const { rows, freshness, shownListing, wantedListing, isPreviewFollowingSelection, showMessage, focusList } = options;
  // The selected message is followed by id: a refresh of the same list while an import adds mail can put rows above it.
  const [selection, setSelection] = useState<{ listing: string; index: number; id: string | null }>({
    listing: shownListing,
    index: 0,
    id: null,
  });
  const selectedIndex = useMemo(() => {
    if (selection.listing !== shownListing) return 0;
    const found = selection.id === null ? -1 : rows.findIndex((row) => row.hit.id === selection.id);
    return found === -1 ? selection.index : found;
  }, [selection, shownListing, rows]);
  const held = useRef<{ listing: string; actions: ListAction[] }>({ listing: wantedListing, actions: [] });
  const previewTimer = useRef<number | undefined>(undefined);

  const cancelPreview = (): void => window.clearTimeout(previewTimer.current);
  useEffect(() => cancelPreview, []);

  const run = useCallback(
    (actions: readonly ListAction[], start: number) => {
      const outcome = applyListActions(start, rows.length, actions);
      if (outcome.show === 'none') return;
      const id = rows[outcome.index]!.hit.id;
      setSelection({ listing: shownListing, index: outcome.index, id });
      cancelPreview();
      if (outcome.show === 'open') showMessage(id, true);
      else if (isPreviewFollowingSelection) previewTimer.current = window.setTimeout(() => showMessage(id, false), PREVIEW_DELAY_MS);
    },
    [rows, shownListing, isPreviewFollowingSelection, showMessage],
  );

  const act = useCallback(
    (action: ListAction) => {
      // Moving into the list takes the keyboard there at once, so the next Enter is the list's, not the search bar's.
      if (action.kind === 'enter' || action.kind === 'move') focusList();
      if (freshness === 'current') {
        run([action], selectedIndex);
        return;
      }
      if (freshness === 'failed') return;
      if (held.current.listing !== wantedListing) held.current = { listing: wantedListing, actions: [] };
      held.current.actions.push(action);
      cancelPreview();
    },
    [freshness, run, selectedIndex, wantedListing, focusList],
  );

  // The results the held keys were waiting for are on screen: replay the keys on them, in order.
  useEffect(() => {
    if (freshness === 'waiting') return;
    const { listing, actions } = held.current;
    held.current = { listing: wantedListing, actions: [] };
    if (freshness === 'current' && listing === wantedListing && actions.length > 0) run(actions, selectedIndex);
  }, [freshness, wantedListing, run, selectedIndex]);

  const openAt = useCallback(
    (index: number) => {
      const row = rows[index];
      setSelection({ listing: shownListing, index, id: row?.hit.id ?? null });
      if (!row) return;
      cancelPreview();
      showMessage(row.hit.id, false);
    },
    [rows, shownListing, showMessage],
  );

  return { selectedIndex, act, openAt };
}
