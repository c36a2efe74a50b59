// Settings: time zone, how questions are answered, the interaction log, backups, and the snippet that plugs Lantern
// into an AI assistant, with the model manager on a tab of its own. Everything is saved
// in the data folder by the engine.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { Settings } from '../../../../shared/model/settings';
import { formatCount, formatFullDate } from '../../ui/format';
import { mcpSnippet } from './mcpSnippet';
import { choiceOf, fieldsOf, leavesMachine, type ProviderFields, type ProviderKind } from './providerChoice';
import { useSettings } from './useSettings';
import { ViewSettingsFields } from './ViewSettingsFields';
import { ApiKeyField } from './ApiKeyField';
import { ModelsPanel } from './ModelsPanel';
import { SettingsTabs, type SettingsTab } from './SettingsTabs';
import { changedSettings } from './changedSettings';
import './settings.css';

const PROVIDER_LABELS: Record<ProviderKind, string> = {
  extractive: 'Offline: quote the sentences that answer (no model)',
  ollama: 'Ollama on this machine or your network',
  openai: 'An OpenAI-compatible endpoint',
  local: 'A local .gguf model file',
};

interface Draft {
  timeZone: string;
  provider: ProviderFields;
  interactionLog: boolean;
  keep: string;
  backupFolder: string;
}

function draftOf(settings: Settings): Draft {
  return {
    timeZone: settings.timeZone ?? '',
    provider: fieldsOf(settings.answerProvider),
    interactionLog: settings.interactionLog,
    keep: String(settings.backups.keep),
    backupFolder: settings.backups.folder ?? '',
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function timeZones(): string[] {
  const withList = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return withList.supportedValuesOf?.('timeZone') ?? [];
}

export function SettingsDialog({ client, onClose }: { client: LanternClient; onClose: () => void }) {
  const [tab, setTab] = useState<SettingsTab>('general');
  // Loaded again on each return to General: the Models tab changes settings too.
  const control = useSettings(client, tab === 'general');
  // The user's edits and the settings they started from; until the first one, the form shows the saved settings.
  const [edited, setEdited] = useState<{ draft: Draft; from: Settings } | null>(null);
  const draft = edited?.draft ?? (control.settings ? draftOf(control.settings) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    returnFocus.current = document.activeElement;
    dialog.current?.focus();
    return () => (returnFocus.current as HTMLElement | null)?.focus?.();
  }, []);

  // On the window, in the capture phase: Esc closes the dialog even when focus left it (a button that got disabled),
  // and the app's own Esc (back to the results) does not also run.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      onClose();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [onClose]);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const from = edited?.from ?? control.settings;
    if (!draft || !from) return;
    const zone = draft.timeZone.trim();
    if (zone && !isTimeZone(zone)) {
      // Checked here too, so the mistake is named before anything is sent (the engine checks again).
      setNotice(null);
      control.reportProblem(`"${zone}" is not a time zone (use a name like Europe/Budapest)`);
      return;
    }
    const saved = await control.save(
      changedSettings(from, {
        timeZone: draft.timeZone.trim() || null,
        answerProvider: choiceOf(draft.provider),
        interactionLog: draft.interactionLog,
        backups: { keep: Number(draft.keep), folder: draft.backupFolder.trim() || null },
      }),
    );
    if (saved) setEdited(null);
    setNotice(saved ? 'Saved.' : null);
  };

  const update = (change: Partial<Draft>): void => {
    const from = edited?.from ?? control.settings;
    if (draft && from) setEdited({ draft: { ...draft, ...change }, from });
    setNotice(null);
  };
  const updateProvider = (change: Partial<ProviderFields>): void => update({ provider: { ...draft!.provider, ...change } });
  const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    // Until the settings arrive the dialog stays see-through (settings.css shows it after a second): an empty
    // "Loading…" box flashed on every opening.
    <div
      className={`modal-backdrop ${draft === null && control.error === null ? 'is-loading' : ''}`}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className={`settings-dialog settings-dialog-${tab}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        tabIndex={-1}
        data-testid="settings-dialog"
      >
        <header className="settings-header">
          <h2 id="settings-title">Settings</h2>
          <button type="button" className="settings-close" aria-label="Close settings" onClick={onClose}>
            ×
          </button>
        </header>
        <SettingsTabs tab={tab} onChange={setTab} />
        {tab === 'models' ? (
          <ModelsPanel client={client} />
        ) : (
          <div role="tabpanel" id="settings-panel-general" aria-labelledby="settings-tab-general">
            {draft === null ? (
              <p className="muted">{control.error ?? 'Loading…'}</p>
            ) : (
              <form className="settings-form" onSubmit={(event) => void onSubmit(event)}>
                <fieldset>
                  <legend>Dates</legend>
                  <label>
                    {/* One span: the label is a flex column, and each bare text and code would be a line of its own. */}
                    <span>
                      Time zone for <code>after:</code>, <code>before:</code> and "last week"
                    </span>
                    <input
                      list="settings-time-zones"
                      value={draft.timeZone}
                      placeholder={`System (${systemZone})`}
                      onChange={(event) => update({ timeZone: event.target.value })}
                      data-testid="settings-time-zone"
                    />
                    <datalist id="settings-time-zones">
                      {timeZones().map((zone) => (
                        <option key={zone} value={zone} />
                      ))}
                    </datalist>
                  </label>
                </fieldset>

                <ViewSettingsFields />

                <fieldset>
                  <legend>Answers</legend>
                  {(Object.keys(PROVIDER_LABELS) as ProviderKind[]).map((kind) => (
                    <label key={kind} className="settings-radio">
                      <input
                        type="radio"
                        name="provider"
                        checked={draft.provider.kind === kind}
                        onChange={() => updateProvider({ kind })}
                        data-testid={`settings-provider-${kind}`}
                      />
                      {PROVIDER_LABELS[kind]}
                    </label>
                  ))}
                  {(draft.provider.kind === 'ollama' || draft.provider.kind === 'openai') && (
                    <div className="settings-row">
                      <label>
                        Model
                        <input
                          value={draft.provider.model}
                          placeholder={draft.provider.kind === 'ollama' ? 'llama3.2:3b' : 'gpt-4o-mini'}
                          onChange={(event) => updateProvider({ model: event.target.value })}
                        />
                      </label>
                      <label>
                        Base URL
                        <input
                          value={draft.provider.baseUrl}
                          placeholder={draft.provider.kind === 'ollama' ? 'http://127.0.0.1:11434 (default)' : 'https://api.openai.com/v1'}
                          onChange={(event) => updateProvider({ baseUrl: event.target.value })}
                        />
                      </label>
                    </div>
                  )}
                  {draft.provider.kind === 'openai' &&
                    (client.setApiKey ? (
                      <ApiKeyField onSave={client.setApiKey} />
                    ) : (
                      <p className="settings-hint muted">
                        In browser mode the API key is read from the LANTERN_API_KEY environment variable of `lantern serve`; it is never
                        saved with the settings.
                      </p>
                    ))}
                  {draft.provider.kind === 'local' && (
                    <label>
                      Model file
                      <input
                        value={draft.provider.modelPath}
                        placeholder="/path/to/model.gguf"
                        onChange={(event) => updateProvider({ modelPath: event.target.value })}
                      />
                    </label>
                  )}
                  {leavesMachine(choiceOf(draft.provider)) && (
                    <p className="settings-warning" role="note" data-testid="settings-leaves-machine">
                      Questions and the mail excerpts that answer them will be sent to {draft.provider.baseUrl}.
                    </p>
                  )}
                </fieldset>

                <fieldset>
                  <legend>Models</legend>
                  <p className="settings-hint muted">
                    The models for meaning search, reranking and answers are on the Models tab: what each costs and gives, downloads on your
                    click, and files you already have.
                  </p>
                  <button
                    type="button"
                    className="button settings-models-link"
                    onClick={() => setTab('models')}
                    data-testid="settings-open-models"
                  >
                    Open the Models tab
                  </button>
                </fieldset>

                <fieldset>
                  <legend>Privacy</legend>
                  <label className="settings-check">
                    <input
                      type="checkbox"
                      checked={draft.interactionLog}
                      onChange={(event) => update({ interactionLog: event.target.checked })}
                      data-testid="settings-interaction-log"
                    />
                    Keep an interaction log (questions, opened results) in the data folder to tune ranking. Off by default.
                  </label>
                </fieldset>

                <fieldset>
                  <legend>Backups</legend>
                  <div className="settings-row">
                    <label>
                      Snapshots kept after each import (0: off)
                      <input
                        type="number"
                        min={0}
                        max={100}
                        value={draft.keep}
                        onChange={(event) => update({ keep: event.target.value })}
                        data-testid="settings-backups-keep"
                      />
                    </label>
                    <label>
                      Folder
                      <input
                        value={draft.backupFolder}
                        placeholder={`${control.dataDir}-backups`}
                        onChange={(event) => update({ backupFolder: event.target.value })}
                      />
                    </label>
                  </div>
                  <div className="settings-backups">
                    <button
                      type="button"
                      className="button"
                      disabled={control.isBusy}
                      onClick={() =>
                        void control.backupNow().then((made) => made && setNotice(`Backed up ${formatCount(made.messages)} messages.`))
                      }
                      data-testid="settings-backup-now"
                    >
                      Back up now
                    </button>
                    <ul data-testid="settings-backup-list">
                      {control.backups.slice(0, 5).map((backup) => (
                        <li key={backup.folder} title={backup.folder}>
                          {formatFullDate(backup.createdAt)} · {formatCount(backup.messages)} messages
                        </li>
                      ))}
                    </ul>
                  </div>
                </fieldset>

                <fieldset>
                  <legend>Use Lantern from an AI assistant (MCP)</legend>
                  <p className="settings-hint muted">
                    Add this to your MCP client's configuration (for Claude Desktop: claude_desktop_config.json). It searches this data
                    folder read-only.
                  </p>
                  <pre className="settings-snippet" data-testid="settings-mcp-snippet">
                    {mcpSnippet(control.dataDir)}
                  </pre>
                </fieldset>

                <footer className="settings-footer">
                  <span
                    className={control.error ? 'settings-error' : 'muted'}
                    role={control.error ? 'alert' : 'status'}
                    data-testid="settings-status"
                  >
                    {control.error ?? notice ?? `Data folder: ${control.dataDir}`}
                  </span>
                  <button type="button" className="button" onClick={onClose}>
                    Close
                  </button>
                  <button type="submit" className="button button-primary" disabled={control.isBusy} data-testid="settings-save">
                    Save
                  </button>
                </footer>
              </form>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
