// The other messages of the open message's thread, oldest first, for the thread strip above the body.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { SearchHit } from '../../../../shared/model/search';

const MAX_THREAD = 200;

export function useThread(client: LanternClient, threadId: string | null, storeVersion: number): SearchHit[] {
  const [thread, setThread] = useState<{ threadId: string; hits: SearchHit[] } | null>(null);
  useEffect(() => {
    if (!threadId) return;
    let isCurrent = true;
    client
      .search({ query: `thread:${threadId}`, sort: 'date', limit: MAX_THREAD, mode: 'keyword' })
      .then((result) => {
        if (isCurrent)
          setThread({ threadId, hits: [...result.hits].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)) });
      })
      .catch((error: unknown) => console.error(`reader: could not list thread ${threadId}`, error));
    return () => {
      isCurrent = false;
    };
  }, [client, threadId, storeVersion]);
  return thread !== null && thread.threadId === threadId ? thread.hits : [];
}
