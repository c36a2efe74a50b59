// The status bar's note of the model whose vectors meaning search uses now, so a switch in Settings → Models shows.
import { embedderTitle } from './embedderTitle';

export function MeaningModelStatus({ embedderId }: { embedderId: string | null }) {
  if (embedderId === null) return null;
  return (
    <span
      className="status-meaning-model"
      data-testid="meaning-model"
      title="The model that gave the archive its vectors for meaning search"
    >
      Meaning search by {embedderTitle(embedderId)}
    </span>
  );
}
