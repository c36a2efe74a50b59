// Shows the running import's progress bar, then its report or a clear error; a floating card over the panes.
import type { ImportReport } from '../../../../shared/model/importing';
import { assertNever } from '../../../../shared/assertNever';
import { formatBytes, formatCount, formatDuration } from '../../ui/format';
import { describeError, isNothingImported, leftOutSummary } from './reportText';
import type { ImportControl } from './useImport';

function ProgressBar({ fraction, label }: { fraction: number | null; label: string }) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className={`progress ${percent === null ? 'progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      data-testid="import-progress"
      data-percent={percent ?? ''}
    >
      <div className="progress-fill" style={{ width: percent === null ? undefined : `${percent}%` }} />
    </div>
  );
}

function ReportView({ report, fileNames }: { report: ImportReport; fileNames: string[] }) {
  const isFailure = isNothingImported(report);
  const first = report.errors[0] ? describeError(report.errors[0], fileNames) : null;
  const leftOut = leftOutSummary(report);
  return (
    <div data-testid="import-report" data-outcome={isFailure ? 'error' : 'ok'}>
      {isFailure ? (
        <p className="import-headline import-headline-error" role="alert" data-testid="import-error">
          {first?.reason.replace(/\.$/, '')}. Nothing in Lantern changed.
        </p>
      ) : (
        <p className="import-headline">
          Imported <strong data-testid="import-imported">{formatCount(report.imported)}</strong> message{report.imported === 1 ? '' : 's'}{' '}
          in {formatDuration(report.elapsedMs / 1000)}.
        </p>
      )}
      <dl className="import-counts">
        <div>
          <dt>Imported</dt>
          <dd>{formatCount(report.imported)}</dd>
        </div>
        <div>
          <dt>Already in Lantern</dt>
          <dd>{formatCount(report.alreadyImported)}</dd>
        </div>
        <div>
          <dt>Duplicates skipped</dt>
          <dd>{formatCount(report.duplicates)}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{formatCount(report.failed)}</dd>
        </div>
        <div>
          <dt>Messages in Lantern</dt>
          <dd>{formatCount(report.messages)}</dd>
        </div>
      </dl>
      {report.errors.length > 0 && (
        <details className="import-errors" open={!isFailure && report.errors.length <= 3}>
          <summary>
            {report.errors.length} problem{report.errors.length === 1 ? '' : 's'}
          </summary>
          <ul data-testid="import-error-list">
            {report.errors.slice(0, 100).map((error, index) => {
              const { where, reason } = describeError(error, fileNames);
              return (
                <li key={`${error.source}:${error.position}:${index}`}>
                  <span className="import-error-where">
                    {where}
                    {error.position ? ` @ ${error.position}` : ''}
                  </span>
                  : {reason}
                </li>
              );
            })}
          </ul>
          {report.errors.length > 100 && <p className="muted">…and {report.errors.length - 100} more.</p>}
        </details>
      )}
      {leftOut && (
        <details className="import-errors" data-testid="import-skipped">
          <summary>{leftOut}</summary>
          {report.skipped.length > 0 && (
            <ul>
              {report.skipped.slice(0, 100).map((file) => (
                <li key={file.path}>
                  <span className="import-error-where">{file.path}</span>: {file.reason}
                </li>
              ))}
            </ul>
          )}
          {report.skippedFiles - report.hiddenFiles > 100 && (
            <p className="muted">…and {report.skippedFiles - report.hiddenFiles - 100} more.</p>
          )}
        </details>
      )}
    </div>
  );
}

export function ImportPanel({ control }: { control: ImportControl }) {
  const { state } = control;
  switch (state.phase) {
    case 'idle':
      return null;
    case 'preparing':
      return (
        <section className="import-panel" data-testid="import-panel" data-phase="preparing" aria-live="polite">
          <h2 className="import-title">Preparing {state.fileNames.join(', ')}…</h2>
          <ProgressBar fraction={null} label="Preparing import" />
        </section>
      );
    case 'running': {
      const progress = state.progress;
      const fraction = progress && progress.bytesTotal > 0 ? progress.bytesDone / progress.bytesTotal : null;
      return (
        <section className="import-panel" data-testid="import-panel" data-phase="running" aria-live="polite">
          <div className="import-panel-header">
            <h2 className="import-title">Importing {state.fileNames.join(', ')}</h2>
            <button type="button" className="button button-quiet" onClick={control.cancel} data-testid="import-cancel">
              Cancel
            </button>
          </div>
          <ProgressBar fraction={fraction} label="Import progress" />
          <p className="import-stats muted">
            {progress ? (
              <>
                <span data-testid="import-bytes">
                  {formatBytes(progress.bytesDone)} of{' '}
                  {progress.bytesTotal > 0 ? formatBytes(progress.bytesTotal) : 'a folder being measured'}
                  {progress.bytesPerSecond ? ` at ${formatBytes(progress.bytesPerSecond)}/s` : ''}
                </span>{' '}
                · {formatCount(progress.messages)} messages
                {progress.rate > 0 && ` (${formatCount(Math.round(progress.rate))}/s)`}
                {progress.etaSeconds !== null && ` · about ${formatDuration(progress.etaSeconds)} left`}
                {progress.phase === 'indexing' && ' · indexing'}
              </>
            ) : (
              'Starting…'
            )}
          </p>
        </section>
      );
    }
    case 'finished':
      return (
        <section
          className={`import-panel ${isNothingImported(state.report) ? 'import-panel-error' : ''}`}
          data-testid="import-panel"
          data-phase="finished"
          aria-live="polite"
        >
          <div className="import-panel-header">
            <h2 className="import-title">{isNothingImported(state.report) ? 'Not imported' : 'Import finished'}</h2>
            <button
              type="button"
              className="button button-quiet"
              onClick={control.dismiss}
              data-testid="import-dismiss"
              aria-label="Close import report"
            >
              Close
            </button>
          </div>
          {!isNothingImported(state.report) && <ProgressBar fraction={1} label="Import progress" />}
          <ReportView report={state.report} fileNames={state.fileNames} />
        </section>
      );
    case 'failed':
      return (
        <section className="import-panel import-panel-error" data-testid="import-panel" data-phase="failed">
          <div className="import-panel-header">
            <h2 className="import-title">Import failed</h2>
            <button
              type="button"
              className="button button-quiet"
              onClick={control.dismiss}
              data-testid="import-dismiss"
              aria-label="Close import message"
            >
              Close
            </button>
          </div>
          <p className="import-headline import-headline-error" role="alert" data-testid="import-error">
            {state.message}
          </p>
          <p className="muted">Nothing in Lantern changed. Lantern reads Gmail Takeout .mbox files and Outlook .pst files.</p>
        </section>
      );
    default:
      return assertNever(state, 'import state');
  }
}
