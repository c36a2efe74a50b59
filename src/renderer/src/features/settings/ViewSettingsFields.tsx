// The settings dialog's "Result list" section: density, grouping by conversation, the preview on move and the reading
// pane's conversation view. These apply at once and are kept by this window (see viewSettings.ts), so they take no Save.
import { updateViewSettings, useViewSettings } from './useViewSettings';

export function ViewSettingsFields() {
  const view = useViewSettings();
  return (
    <fieldset data-testid="settings-view">
      <legend>Result list</legend>
      <label className="settings-radio">
        <input
          type="radio"
          name="density"
          checked={view.density === 'comfortable'}
          onChange={() => updateViewSettings({ density: 'comfortable' })}
          data-testid="settings-density-comfortable"
        />
        Comfortable rows, with a snippet of each message
      </label>
      <label className="settings-radio">
        <input
          type="radio"
          name="density"
          checked={view.density === 'compact'}
          onChange={() => updateViewSettings({ density: 'compact' })}
          data-testid="settings-density-compact"
        />
        Compact rows: sender, subject and date, twice as many on screen
      </label>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={view.isGroupedByThread}
          onChange={(event) => updateViewSettings({ isGroupedByThread: event.target.checked })}
          data-testid="settings-group-by-thread"
        />
        Group results by conversation: one row per thread, with its size and who wrote
      </label>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={view.isPreviewFollowingSelection}
          onChange={(event) => updateViewSettings({ isPreviewFollowingSelection: event.target.checked })}
          data-testid="settings-preview-follows"
        />
        Show the selected message in the reading pane as ↑/↓ or j/k move through the results
      </label>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={view.isConversationView}
          onChange={(event) => updateViewSettings({ isConversationView: event.target.checked })}
          data-testid="settings-conversation-view"
        />
        Read whole conversations: the thread in the reading pane, read mail folded to a line, quotes behind “…”
      </label>
    </fieldset>
  );
}
