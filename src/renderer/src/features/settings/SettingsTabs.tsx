// The settings dialog's tabs, General and Models, as the WAI-ARIA tabs pattern: arrows, Home and End move between them.
import { useRef, type KeyboardEvent } from 'react';

export type SettingsTab = 'general' | 'models';

const TABS: { tab: SettingsTab; label: string }[] = [
  { tab: 'general', label: 'General' },
  { tab: 'models', label: 'Models' },
];

export function SettingsTabs({ tab, onChange }: { tab: SettingsTab; onChange: (tab: SettingsTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent): void => {
    const index = TABS.findIndex((entry) => entry.tab === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(TABS[next]!.tab);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} className="settings-tabs" role="tablist" aria-label="Settings sections" onKeyDown={onKeyDown}>
      {TABS.map((entry) => (
        <button
          key={entry.tab}
          type="button"
          role="tab"
          id={`settings-tab-${entry.tab}`}
          aria-selected={entry.tab === tab}
          aria-controls={`settings-panel-${entry.tab}`}
          // Only the chosen tab is in the Tab order; the arrows reach the others.
          tabIndex={entry.tab === tab ? 0 : -1}
          className="settings-tab"
          onClick={() => onChange(entry.tab)}
          data-testid={`settings-tab-${entry.tab}`}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}
