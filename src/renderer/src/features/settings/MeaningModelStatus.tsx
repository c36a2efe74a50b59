// The status bar's note of the model whose vectors meaning search uses now, so a switch in Settings → Models shows.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import { embedderTitle } from './embedderTitle';

/**
 * `storedEmbedderId` is the store's (from its stats). A run that gives every message vectors of another model makes
 * that model the one meaning search uses; its last progress event says so before the stats do (they are read as that
 * event arrives, a moment before the engine switches), so the newer of the two is shown.
 */
export function MeaningModelStatus({ client, storedEmbedderId }: { client: LanternClient; storedEmbedderId: string | null }) {
  const [finished, setFinished] = useState<{ embedderId: string; storedThen: string | null } | null>(null);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'embedding-progress' || event.total === 0 || event.done < event.total) return;
        setFinished({ embedderId: event.embedderId, storedThen: storedEmbedderId });
      }),
    [client, storedEmbedderId],
  );
  const embedderId = finished && finished.storedThen === storedEmbedderId ? finished.embedderId : storedEmbedderId;
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
