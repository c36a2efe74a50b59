// The API key field of the OpenAI-compatible answer provider (Electron only): saved to the OS keychain, never shown back.
import { useState } from 'react';
import { errorMessage } from '../../../../shared/errorMessage';

/** Electron only: the key goes to the OS keychain, never into the settings file; the field is never filled back in. */
export function ApiKeyField({ onSave }: { onSave: (key: string | null) => Promise<void> }) {
  const [key, setKey] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const save = (value: string | null): void => {
    setStatus('Saving…');
    onSave(value).then(
      () => {
        setKey('');
        setStatus(value ? 'Key saved in the system keychain.' : 'Key removed.');
      },
      (error: unknown) => setStatus(errorMessage(error)),
    );
  };
  return (
    <div className="settings-row">
      <label>
        API key (kept encrypted by the system keychain)
        <input type="password" autoComplete="off" value={key} onChange={(event) => setKey(event.target.value)} placeholder="sk-…" />
      </label>
      <div className="settings-key-actions">
        <button type="button" className="button" disabled={key.trim() === ''} onClick={() => save(key)}>
          Save key
        </button>
        <button type="button" className="button button-quiet" onClick={() => save(null)}>
          Remove key
        </button>
        {status && <span className="settings-hint muted">{status}</span>}
      </div>
    </div>
  );
}
