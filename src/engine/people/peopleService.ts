// The people calls of the API: list (filtered, sorted, paged), one person's detail, and keeping an address apart or rejoining it.
import { LanternError } from '../../shared/contract/errors';
import type { PeopleList, PeopleRequest, PersonDetail, PersonSummary } from '../../shared/model/people';
import { foldText } from '../../shared/query/fold';
import type { SearchContext } from '../search/searchContext';
import { searchMatches } from '../search/timelineMatches';
import { ALIAS_RULE } from './aliasRule';
import { distinctiveWords, WORD_SAMPLE } from './distinctiveWords';
import { countPeople } from './countPeople';
import { PeopleIndex } from './peopleIndex';
import { personActivity } from './personDetail';
import { loadSeparatedAddresses, saveSeparatedAddresses } from './separatedAddresses';

const DEFAULT_LIMIT = 100;

function matchesFilter(person: PersonSummary, filterWords: readonly string[]): boolean {
  if (filterWords.length === 0) return true;
  const text = foldText([person.name, ...person.addresses.flatMap((address) => [address.address, ...address.names])].join('\n'));
  return filterWords.every((word) => text.includes(word));
}

const SORTS = {
  messages: (first: PersonSummary, second: PersonSummary) => second.messages - first.messages,
  last: (first: PersonSummary, second: PersonSummary) => (second.lastDate ?? '').localeCompare(first.lastDate ?? ''),
  name: (first: PersonSummary, second: PersonSummary) => first.name.localeCompare(second.name),
} as const;

export class PeopleService {
  private readonly index: PeopleIndex;

  /** `context` is read at each call, as search reads it (the keyword index is replaced when it is rebuilt). */
  constructor(
    private readonly dataDir: string,
    private readonly context: () => SearchContext,
  ) {
    this.index = new PeopleIndex(context().catalog);
  }

  /** Read at each call (a small file): a read-only engine beside the app sees a split made in the app at once. */
  private separatedAddresses(): Promise<Set<string>> {
    return loadSeparatedAddresses(this.dataDir);
  }

  async list(request: PeopleRequest): Promise<PeopleList> {
    const started = performance.now();
    const snapshot = this.index.current(await this.separatedAddresses());
    const query = request.query?.trim() ? request.query : null;
    // The people of a search: counted over exactly the messages its total counts, so every operator and mode applies.
    const matches =
      query === null
        ? null
        : (await searchMatches({ query, mode: request.mode ?? 'auto', isTyping: request.isTyping }, this.context())).ordinals;
    const people =
      matches === null
        ? snapshot.people
        : countPeople(this.context().catalog, snapshot.book, snapshot.grouping, snapshot.ownerGroup, matches);
    const filterWords = foldText(request.filter ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const compare = SORTS[request.sort ?? 'messages'];
    const matching = people
      .filter((person) => person.messages > 0 && matchesFilter(person, filterWords))
      .sort((first, second) => compare(first, second) || second.messages - first.messages || first.id.localeCompare(second.id));
    const offset = request.offset ?? 0;
    return {
      total: matching.length,
      query,
      messages: matches === null ? snapshot.book.size : matches.length,
      people: matching.slice(offset, offset + (request.limit ?? DEFAULT_LIMIT)),
      owner: snapshot.owner,
      countingRule: snapshot.countingRule,
      aliasRule: ALIAS_RULE,
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** The person with this address among theirs, or null when the archive has no such address. */
  async person(address: string): Promise<PersonDetail | null> {
    const started = performance.now();
    const snapshot = this.index.current(await this.separatedAddresses());
    const number = snapshot.book.addresses.indexOf(address.trim().toLowerCase());
    if (number < 0) return null;
    const personIndex = snapshot.grouping.groupOf[number]!;
    const { catalog, store, keywords } = this.context();
    const activity = personActivity(catalog, snapshot, personIndex);
    const sample = (activity.sentOrdinals.length > 0 ? activity.sentOrdinals : activity.allOrdinals).slice(0, WORD_SAMPLE);
    const rows = await store.getColumns(
      sample.map((ordinal) => catalog.id(ordinal)),
      ['text'],
    );
    return {
      person: snapshot.people[personIndex]!,
      months: activity.months,
      coCorrespondents: activity.coCorrespondents,
      threads: activity.threads,
      attachments: activity.attachments,
      words: distinctiveWords(
        rows.map((row) => row.text),
        keywords,
      ),
      wordsFromMessages: rows.length,
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** Keeps an address out of every alias group (true) or lets the rule group it again (false); answers the separated list. */
  async separate(address: string, isSeparated: boolean): Promise<string[]> {
    const key = address.trim().toLowerCase();
    if (!key.includes('@')) throw new LanternError('bad-request', `people: "${address}" is not an address (it has no @)`);
    const separated = new Set(await this.separatedAddresses());
    if (isSeparated) separated.add(key);
    else separated.delete(key);
    await saveSeparatedAddresses(this.dataDir, separated);
    return [...separated].sort();
  }
}
