// The gear in the top bar and Ctrl/Cmd+, : open the settings dialog.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import { Icon } from '../../ui/Icon';
import { SettingsDialog } from './SettingsDialog';

export function SettingsButton({ client }: { client: LanternClient }) {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === ',' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        className="button button-quiet icon-button"
        aria-label="Settings (Ctrl+,)"
        title="Settings (Ctrl+,)"
        onClick={() => setOpen(true)}
        data-testid="settings-open"
      >
        <Icon name="settings" size={18} />
      </button>
      {isOpen && <SettingsDialog client={client} onClose={() => setOpen(false)} />}
    </>
  );
}
