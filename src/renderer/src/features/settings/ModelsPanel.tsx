// Settings → Models: the models for meaning search, reranking and answers, where downloads come from, and files already at hand.
import { useState, type FormEvent } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import { describeBytes } from '../../../../shared/models/byteSize';
import { downloadHost, HUB_BASE_URL } from './modelDownloadText';
import { roleGroups } from './modelListText';
import { ModelRow } from './ModelRow';
import { useModels } from './useModels';
import './models.css';

export function ModelsPanel({ client }: { client: LanternClient }) {
  const control = useModels(client);
  const { listing } = control;
  // The mirror as typed; until the person types, the one the engine uses (empty for the hub).
  const [typedMirror, setTypedMirror] = useState<string | null>(null);
  const savedMirror = listing && listing.source !== HUB_BASE_URL ? listing.source : '';
  const mirror = typedMirror ?? savedMirror;
  const host = downloadHost(mirror);
  const target = 'host' in host ? { host: host.host, mirror: mirror.trim() === '' ? null : host.baseUrl } : null;
  const [filesPath, setFilesPath] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const onSaveMirror = (event: FormEvent): void => {
    event.preventDefault();
    if (!target) return;
    void control.saveMirror(target.mirror).then((saved) => {
      if (!saved) return;
      setTypedMirror(null);
      setNotice(`Downloads will come from ${target.host}.`);
    });
  };
  const onUseFiles = (event: FormEvent): void => {
    event.preventDefault();
    const path = filesPath.trim();
    if (path === '') return;
    void control.useFiles(path).then((used) => {
      if (!used) return;
      setFilesPath('');
      setNotice(`Using the files at ${path}.`);
    });
  };

  return (
    <div
      role="tabpanel"
      id="settings-panel-models"
      aria-labelledby="settings-tab-models"
      className="models-panel"
      data-testid="models-panel"
    >
      <p className="models-privacy">
        Nothing is downloaded until you click Download, and then only from the host named on the button.
        {listing && (
          <>
            {' '}
            Models are kept in <code>{listing.modelsFolder}</code>
            {listing.freeBytes !== null && <> ({describeBytes(listing.freeBytes)} free)</>}.
          </>
        )}
      </p>

      <form className="models-source" onSubmit={onSaveMirror}>
        <label>
          <span>Download from (a mirror laid out like the Hugging Face hub; empty: huggingface.co)</span>
          <input
            value={mirror}
            placeholder={HUB_BASE_URL}
            onChange={(event) => {
              setTypedMirror(event.target.value);
              setNotice(null);
            }}
            aria-describedby="models-source-host"
            data-testid="models-mirror"
          />
        </label>
        <button type="submit" className="button" disabled={target === null || typedMirror === null} data-testid="models-mirror-save">
          Keep this source
        </button>
        <p id="models-source-host" className={target ? 'settings-hint muted' : 'settings-hint settings-error'} data-testid="models-host">
          {'problem' in host ? host.problem : `Downloads go to ${host.host}.`}
        </p>
      </form>

      {listing === null ? (
        <p className="muted">{control.error ?? 'Loading the models…'}</p>
      ) : (
        roleGroups(listing).map((group) => (
          <section
            key={group.role}
            className="models-role"
            aria-labelledby={`models-role-${group.role}`}
            data-testid={`models-role-${group.role}`}
          >
            <div className="models-role-header">
              <h3 id={`models-role-${group.role}`}>{group.heading}</h3>
              <span className="muted">
                In use: <strong data-testid={`models-in-use-${group.role}`}>{group.inUse}</strong>
              </span>
            </div>
            <p className="settings-hint muted">{group.purpose}</p>
            <ul className="models-list">
              {group.models.map((model) => (
                <ModelRow key={model.name} model={model} control={control} target={target} />
              ))}
            </ul>
          </section>
        ))
      )}

      <form className="models-files" onSubmit={onUseFiles}>
        <label>
          <span>Use files I already have: a sentence-transformers ONNX folder (meaning search or reranking) or a .gguf file (answers)</span>
          <input
            value={filesPath}
            placeholder="/path/to/all-MiniLM-L6-v2 or /path/to/model.gguf"
            onChange={(event) => {
              setFilesPath(event.target.value);
              setNotice(null);
            }}
            data-testid="models-files-path"
          />
        </label>
        <button type="submit" className="button" disabled={filesPath.trim() === ''} data-testid="models-files-use">
          Use these files
        </button>
      </form>

      <p
        className={control.error ? 'models-status settings-error' : 'models-status muted'}
        role={control.error ? 'alert' : 'status'}
        data-testid="models-status"
      >
        {control.error ?? notice ?? ''}
      </p>
    </div>
  );
}
