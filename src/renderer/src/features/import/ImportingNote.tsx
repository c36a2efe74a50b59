// The results header's line while an import runs: the results are those of the mail stored so far.
import type { ImportProgress } from '../../../../shared/model/importing';
import { formatCount } from '../../ui/format';
import { aboutTotalMessages } from './importEstimate';

export function ImportingNote({ progress }: { progress: ImportProgress | null }) {
  const about = progress ? aboutTotalMessages(progress) : null;
  const read = progress ? formatCount(progress.messages) : null;
  return (
    <p className="result-note result-importing" data-testid="result-importing" aria-live="off">
      Importing… {read === null ? '' : about === null ? `${read} so far` : `${read} of about ${formatCount(about)}`} — results so far
    </p>
  );
}
