// The status bar's line for the embedding stage: how far meaning search has got, about how long is left, pause/resume.
import { formatCount, formatDuration } from '../../ui/format';
import type { EmbeddingControl, EmbeddingProgress } from './useEmbeddingProgress';
import './importStatus.css';

/** "paused", "pausing after this batch", "about 40 min", or nothing before there is a rate. */
function stateText(progress: EmbeddingProgress, wantsPaused: boolean): string | null {
  if (progress.isPaused) return wantsPaused ? 'paused' : 'resuming';
  if (wantsPaused) return 'pausing after this batch';
  return progress.etaSeconds === null ? null : `about ${formatDuration(progress.etaSeconds)}`;
}

export function EmbeddingStatus({ control }: { control: EmbeddingControl }) {
  const { progress } = control;
  if (!progress) return null;
  const wantsPaused = control.wantsPaused ?? progress.isPaused;
  const state = stateText(progress, wantsPaused);
  return (
    <span className="status-embedding" data-testid="embedding-status" data-paused={progress.isPaused}>
      <span data-testid="embedding-count" title="Messages given vectors so far, so a search can find them by meaning">
        Meaning search: {formatCount(progress.done)} of {formatCount(progress.total)} messages{state === null ? '' : `, ${state}`}
      </span>
      <button
        type="button"
        className="status-embedding-button"
        onClick={() => control.setPaused(!wantsPaused)}
        data-testid="embedding-pause"
        aria-label={wantsPaused ? 'Resume meaning search indexing' : 'Pause meaning search indexing'}
      >
        {wantsPaused ? 'Resume' : 'Pause'}
      </button>
    </span>
  );
}
