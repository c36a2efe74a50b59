// Loads the people list and one person's detail, dropping answers for a filter, order or person no longer asked for.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { PeopleList, PeopleSort, PersonDetail } from '../../../../shared/model/people';
import { errorMessage } from '../../../../shared/errorMessage';

export type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; error: string };

/** People shown at once; the filter box narrows the rest. */
export const PEOPLE_PAGE = 200;

/** Keeps each answer with the key it was asked for, so a stale one is never shown for another. */
function useLoad<T>(key: string | null, load: () => Promise<T>, what: string): Loaded<T> | null {
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    load()
      .then((value) => {
        if (isCurrent) setAnswer({ key, loaded: { state: 'loaded', value } });
      })
      .catch((error: unknown) => {
        console.error(`people: could not load ${what}`, error);
        if (isCurrent) setAnswer({ key, loaded: { state: 'failed', error: errorMessage(error) } });
      });
    return () => {
      isCurrent = false;
    };
    // The key names everything the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return null;
  return answer?.key === key ? answer.loaded : { state: 'loading' };
}

/** `query`: count only the mail this search matches ('' for all mail); `isTyping`: its last word is still being typed. */
export function usePeopleList(
  client: LanternClient,
  query: string,
  filter: string,
  sort: PeopleSort,
  version: string,
  isTyping = false,
): Loaded<PeopleList> {
  return useLoad(
    `${version}\u0000${isTyping}\u0000${query}\u0000${sort}\u0000${filter}`,
    () => client.listPeople({ query, filter, sort, limit: PEOPLE_PAGE, isTyping }),
    'the people list',
  )!;
}

export function usePerson(client: LanternClient, personId: string | null, version: string): Loaded<PersonDetail | null> | null {
  return useLoad(personId === null ? null : `${version}\u0000${personId}`, () => client.getPerson(personId!), `person ${personId}`);
}
