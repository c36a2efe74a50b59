// One model download under way: a progress bar with bytes, rate and time left, the host the bytes come from, and the step.
import type { ModelDownloadProgress } from '../../../../shared/model/models';
import { percentDone, progressLine } from './modelDownloadText';

function stepText(progress: ModelDownloadProgress): string {
  if (progress.phase === 'starting') return `Connecting to ${progress.host}…`;
  if (progress.phase === 'verifying')
    return progress.file ? `Checking ${progress.file} against its SHA-256…` : 'Checking the files against their SHA-256…';
  return `From ${progress.host}${progress.file ? `: ${progress.file}` : ''}`;
}

export function DownloadProgress({ progress, title }: { progress: ModelDownloadProgress; title: string }) {
  const percent = percentDone(progress);
  return (
    <div className="model-download" data-testid="model-download" data-phase={progress.phase}>
      <div
        className={`progress ${percent === null ? 'progress-indeterminate' : ''}`}
        role="progressbar"
        aria-label={`Download of ${title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={progressLine(progress)}
        data-percent={percent ?? ''}
      >
        <div className="progress-fill" style={{ width: percent === null ? undefined : `${percent}%` }} />
      </div>
      <div className="model-download-figures" data-testid="model-download-figures">
        <span>{progressLine(progress)}</span>
        <span className="muted">{stepText(progress)}</span>
      </div>
    </div>
  );
}
