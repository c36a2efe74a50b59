// How the result list looks and behaves (density, grouping by conversation, preview on move) and whether the reading
// pane shows whole conversations: kept in localStorage.
// These are this window's view choices, not the archive's: the CLI and MCP never read them, so they stay out of the
// engine's settings file (no schema, no API call) and apply at once, without the dialog's Save.

export type Density = 'comfortable' | 'compact';

export interface ViewSettings {
  density: Density;
  /** One row per conversation, with its size and the people in it, as Gmail's conversation view. */
  isGroupedByThread: boolean;
  /** ↑/↓ and j/k show the selected message in the reading pane (after a short pause), as Outlook's preview pane. */
  isPreviewFollowingSelection: boolean;
  /** The reading pane shows the open message's whole thread, read mail folded to a line, as Gmail's conversation view. */
  isConversationView: boolean;
}

export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  density: 'comfortable',
  isGroupedByThread: false,
  isPreviewFollowingSelection: true,
  isConversationView: true,
};

export const VIEW_STORAGE_KEY = 'lantern.view';

/** Each field read on its own: an unknown or missing one takes its default, so an old or hand-edited value never breaks the list. */
export function parseViewSettings(raw: string | null | undefined): ViewSettings {
  if (!raw) return DEFAULT_VIEW_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    console.warn(`view settings: ${VIEW_STORAGE_KEY} in local storage is not JSON; using the defaults`);
    return DEFAULT_VIEW_SETTINGS;
  }
  const saved = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    density: saved.density === 'compact' || saved.density === 'comfortable' ? saved.density : DEFAULT_VIEW_SETTINGS.density,
    isGroupedByThread: typeof saved.isGroupedByThread === 'boolean' ? saved.isGroupedByThread : DEFAULT_VIEW_SETTINGS.isGroupedByThread,
    isPreviewFollowingSelection:
      typeof saved.isPreviewFollowingSelection === 'boolean'
        ? saved.isPreviewFollowingSelection
        : DEFAULT_VIEW_SETTINGS.isPreviewFollowingSelection,
    isConversationView: typeof saved.isConversationView === 'boolean' ? saved.isConversationView : DEFAULT_VIEW_SETTINGS.isConversationView,
  };
}

export function readViewSettings(storage: Pick<Storage, 'getItem'>): ViewSettings {
  try {
    return parseViewSettings(storage.getItem(VIEW_STORAGE_KEY));
  } catch (error) {
    // Storage can be switched off (privacy settings): the defaults serve, and changes last until the window closes.
    console.warn('view settings: could not read them from local storage; using the defaults', error);
    return DEFAULT_VIEW_SETTINGS;
  }
}
