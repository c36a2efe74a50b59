// One model in Settings → Models: what it costs and gives, where it stands, and its Download, Pause, Cancel, Use, Remove.
import { useEffect, useRef, type ReactElement } from 'react';
import type { ModelDownloadProgress, ModelListEntry } from '../../../../shared/model/models';
import { describeBytes } from '../../../../shared/models/byteSize';
import { DownloadProgress } from './DownloadProgress';
import { costLine, stateLine } from './modelListText';
import type { ModelsControl } from './useModels';

/** Phases in which the engine is fetching or checking: the row shows the bar and offers Pause and Cancel. */
const RUNNING = new Set<ModelDownloadProgress['phase']>(['starting', 'downloading', 'verifying']);

interface ModelRowProps {
  model: ModelListEntry;
  control: ModelsControl;
  /** Where a download would go now, and the mirror to pass (null: the source in settings). */
  target: { host: string; mirror: string | null } | null;
}

function Actions({ model, control, target }: ModelRowProps) {
  const progress = control.downloads[model.name];
  const isBusy = control.busy.has(model.name);
  const isRunning = progress ? RUNNING.has(progress.phase) : model.state === 'downloading';
  const buttons: ReactElement[] = [];
  if (isRunning) {
    buttons.push(
      <button
        key="pause"
        type="button"
        className="button"
        // Only once bytes flow: before, the engine has no download to pause yet; at the end only the last check is left.
        disabled={
          isBusy ||
          !progress ||
          progress.phase === 'starting' ||
          (progress.phase === 'verifying' && progress.bytesDone >= progress.bytesTotal)
        }
        onClick={() => control.pause(model.name)}
        aria-label={`Pause the download of ${model.title}`}
        data-testid="model-pause"
      >
        Pause
      </button>,
    );
  } else if (model.state === 'available' || model.state === 'paused') {
    const isResume = model.state !== 'available';
    const verb = isResume ? 'Resume' : 'Download';
    const size = isResume ? '' : ` ${describeBytes(model.downloadBytes)}`;
    buttons.push(
      <button
        key="download"
        type="button"
        className="button button-primary"
        disabled={isBusy || target === null}
        onClick={() => target && control.download(model.name, target.mirror, target.host)}
        aria-label={`${verb} ${model.title}${size} from ${target?.host ?? 'the mirror'}`}
        title={target ? `The download goes to ${target.host}` : 'Set a mirror that is a web address first'}
        data-testid="model-download-button"
      >
        <span>
          {verb}
          {size}
        </span>{' '}
        <span className="model-button-host">from {target?.host ?? '…'}</span>
      </button>,
    );
  } else if (!model.isInUse) {
    buttons.push(
      <button
        key="use"
        type="button"
        className="button button-primary"
        disabled={isBusy}
        onClick={() => control.use(model.name)}
        aria-label={`Use ${model.title}`}
        data-testid="model-use"
      >
        Use
      </button>,
    );
  }
  if (isRunning || model.state === 'paused') {
    buttons.push(
      <button
        key="cancel"
        type="button"
        className="button button-quiet"
        disabled={isBusy || progress?.phase === 'starting'}
        onClick={() => control.cancel(model.name)}
        aria-label={`Cancel the download of ${model.title} and delete what it fetched`}
        data-testid="model-cancel"
      >
        Cancel
      </button>,
    );
  } else if (model.state === 'installed' && !model.isBuiltIn) {
    buttons.push(
      <button
        key="remove"
        type="button"
        className="button button-quiet"
        disabled={isBusy}
        onClick={() => control.remove(model.name)}
        aria-label={`Remove ${model.title} from this data folder`}
        data-testid="model-remove"
      >
        Remove
      </button>,
    );
  }
  return <div className="model-actions">{buttons}</div>;
}

export function ModelRow({ model, control, target }: ModelRowProps) {
  const progress = control.downloads[model.name];
  const problem = control.problems[model.name];
  const state = stateLine(model);
  const titleId = `model-title-${model.name}`;
  const row = useRef<HTMLLIElement>(null);
  // Whether the keyboard was last in this row: a button it pressed may vanish with the change it made (Use, Download).
  const hadFocus = useRef(false);
  const phase = progress?.phase;
  useEffect(() => {
    const active = document.activeElement;
    if (!hadFocus.current || (active !== null && active !== document.body)) return;
    const next = row.current?.querySelector<HTMLButtonElement>('.model-actions button:not(:disabled)');
    (next ?? row.current)?.focus();
  }, [model.state, model.isInUse, phase]);
  return (
    <li
      ref={row}
      tabIndex={-1}
      onFocus={() => (hadFocus.current = true)}
      onBlur={(event) => {
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) hadFocus.current = false;
      }}
      className={`model-row ${model.isInUse ? 'is-in-use' : ''}`}
      aria-labelledby={titleId}
      data-testid={`model-${model.name}`}
      data-state={model.state}
      data-in-use={model.isInUse}
    >
      <div className="model-info">
        <div className="model-title">
          <strong id={titleId}>{model.title}</strong>
          {model.isInUse && <span className="model-badge model-badge-in-use">In use</span>}
          {model.state === 'installed' && !model.isBuiltIn && <span className="model-badge">Installed</span>}
        </div>
        <p className="model-gives">{model.gives}</p>
        <p className="model-facts muted">
          {costLine(model)}
          <br />
          {model.languages} · licence {model.licence}
          <br />
          Quality: {model.quality.figure} <span className="model-source">(source: {model.quality.source})</span>
        </p>
        {progress && RUNNING.has(progress.phase) && <DownloadProgress progress={progress} title={model.title} />}
        {state && !(progress && RUNNING.has(progress.phase)) && <p className="model-state muted">{state}</p>}
        {problem && (
          <p className="model-problem" role="alert" data-testid="model-problem">
            {problem}
          </p>
        )}
      </div>
      <Actions model={model} control={control} target={target} />
    </li>
  );
}
