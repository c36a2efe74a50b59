// Loads the opened message, dropping answers for messages no longer open.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import { errorMessage } from '../../../../shared/errorMessage';

export type MessageLoad =
  | { state: 'none' }
  | { state: 'loading'; id: string }
  | { state: 'loaded'; message: MessageDetail }
  | { state: 'missing'; id: string }
  | { state: 'failed'; id: string; error: string };

export function useMessage(client: LanternClient, id: string | null, storeVersion: number): MessageLoad {
  // Answers are kept with the id they belong to, so a stale answer is never shown for another message.
  const [answer, setAnswer] = useState<{ id: string; load: MessageLoad } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let isCurrent = true;
    client
      .getMessage(id)
      .then((message) => {
        if (isCurrent) setAnswer({ id, load: message ? { state: 'loaded', message } : { state: 'missing', id } });
      })
      .catch((error: unknown) => {
        console.error(`reader: could not open message ${id}`, error);
        if (isCurrent) setAnswer({ id, load: { state: 'failed', id, error: errorMessage(error) } });
      });
    return () => {
      isCurrent = false;
    };
  }, [client, id, storeVersion]);
  if (id === null) return { state: 'none' };
  return answer?.id === id ? answer.load : { state: 'loading', id };
}
