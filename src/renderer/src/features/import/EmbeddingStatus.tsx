// The status bar's line for the embedding stage: how far meaning search has got, about how long is left, pause/resume.
import { formatCount, formatDuration } from '../../ui/format';
import type { EmbeddingControl } from './useEmbeddingProgress';
import './importStatus.css';

export function EmbeddingStatus({ control }: { control: EmbeddingControl }) {
  const { progress } = control;
  if (!progress) return null;
  const left = progress.isPaused ? 'paused' : progress.etaSeconds === null ? null : `about ${formatDuration(progress.etaSeconds)}`;
  return (
    <span className="status-embedding" data-testid="embedding-status" data-paused={progress.isPaused}>
      <span data-testid="embedding-count" title="Messages given vectors so far, so a search can find them by meaning">
        Meaning search: {formatCount(progress.done)} of {formatCount(progress.total)} messages{left === null ? '' : `, ${left}`}
      </span>
      <button
        type="button"
        className="status-embedding-button"
        onClick={() => control.setPaused(!progress.isPaused)}
        data-testid="embedding-pause"
        aria-label={progress.isPaused ? 'Resume meaning search indexing' : 'Pause meaning search indexing'}
      >
        {progress.isPaused ? 'Resume' : 'Pause'}
      </button>
    </span>
  );
}
