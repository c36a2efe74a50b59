// The People view in the results area: every correspondent, filtered by typing and sorted, with the chosen one in detail beside.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { PeopleSort, PersonSummary } from '../../../../shared/model/people';
import { formatCount, formatListDate } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { PersonPanel } from './PersonPanel';
import { PEOPLE_PAGE, usePeopleList, usePerson } from './usePeople';
import type { PeopleViewControl } from './usePeopleView';
import './people.css';

const SORTS: { sort: PeopleSort; label: string }[] = [
  { sort: 'messages', label: 'Most mail' },
  { sort: 'last', label: 'Latest' },
  { sort: 'name', label: 'Name' },
];

export interface PeopleViewProps {
  client: LanternClient;
  control: PeopleViewControl;
  storeVersion: number;
  /** The search bar's query: the view can count only its mail. */
  searchQuery: string;
  onShowMail: (query: string, messageId?: string) => void;
}

function optionId(person: PersonSummary): string {
  return `person-option-${person.id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

function PersonRow({ person, isSelected, onChoose }: { person: PersonSummary; isSelected: boolean; onChoose: () => void }) {
  const more = person.addresses.length - 1;
  return (
    <li
      id={optionId(person)}
      role="option"
      aria-selected={isSelected}
      className={`people-row ${isSelected ? 'is-selected' : ''}`}
      onClick={onChoose}
      data-testid="people-row"
      data-person={person.id}
    >
      <span className="people-row-name">
        {person.name}
        {person.isOwner && <span className="person-tag">owner</span>}
        {person.isList && <span className="person-tag">list</span>}
      </span>
      <span className="people-row-count" title={`${person.messages} messages`}>
        {formatCount(person.messages)}
      </span>
      <span className="people-row-address muted">
        {person.id}
        {more > 0 && ` +${more}`}
      </span>
      <span className="people-row-meta muted">
        {formatCount(person.fromThem)} from · {formatCount(person.toThem)} to{person.lastDate && ` · ${formatListDate(person.lastDate)}`}
      </span>
    </li>
  );
}

export function PeopleView({ client, control, storeVersion, searchQuery, onShowMail }: PeopleViewProps) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<PeopleSort>('messages');
  const [isScoped, setScoped] = useState(false);
  const version = `${storeVersion}.${control.grouping}`;
  const scope = isScoped ? searchQuery.trim() : '';
  // The scope follows the search bar as one types, as the result list does: a last word without a space after it may be
  // cut short, and is read as the beginning of words when no message holds it as written.
  const isTyping = scope !== '' && !/\s$/.test(searchQuery);
  const list = usePeopleList(client, scope, filter.trim(), sort, version, isTyping);
  const detail = usePerson(client, control.personId, version);
  const listRef = useRef<HTMLUListElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const people = useMemo(() => (list.state === 'loaded' ? list.value.people : []), [list]);
  const selectedIndex = people.findIndex((person) => person.addresses.some((address) => address.address === control.personId));

  // Opened from the tree the filter takes the keys; opened from a name, the person's detail does.
  useEffect(() => {
    if (control.isFromName) panelRef.current?.focus();
    else filterRef.current?.focus();
    // Only when the view opens: later choices move the focus themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (selectedIndex < 0 || !listRef.current) return;
    listRef.current.querySelector(`#${CSS.escape(optionId(people[selectedIndex]!))}`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex, people]);

  const choose = (index: number): void => {
    const person = people[Math.max(0, Math.min(people.length - 1, index))];
    if (person) control.select(person.id);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const page = 10;
    switch (event.key) {
      case 'ArrowDown':
        choose(selectedIndex + 1);
        break;
      case 'ArrowUp':
        if (selectedIndex <= 0) filterRef.current?.focus();
        else choose(selectedIndex - 1);
        break;
      case 'PageDown':
        choose(selectedIndex + page);
        break;
      case 'PageUp':
        choose(selectedIndex - page);
        break;
      case 'Home':
        choose(0);
        break;
      case 'End':
        choose(people.length - 1);
        break;
      case 'Enter':
      case 'ArrowRight':
        if (control.personId !== null) panelRef.current?.focus();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'Enter') {
      if (people.length === 0) return;
      if (selectedIndex < 0) choose(0);
      listRef.current?.focus();
    } else if (event.key === 'Escape' && filter !== '') setFilter('');
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <section
        className="result-pane people-pane"
        aria-label="People"
        data-testid="people-view"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          control.close();
        }}
      >
        <header className="people-header">
          <h2 className="people-title">People</h2>
          {list.state === 'loaded' && (
            <span className="muted" data-testid="people-total">
              {formatCount(list.value.total)}
            </span>
          )}
          <button type="button" className="people-close" onClick={control.close} title="Back to the mail (Esc)" data-testid="people-close">
            Back to mail
          </button>
        </header>
        <div className="people-tools">
          <div className="people-filter">
            <Icon name="search" size={14} />
            <input
              ref={filterRef}
              type="search"
              value={filter}
              placeholder="Filter people"
              aria-label="Filter people by name or address"
              aria-controls="people-list"
              spellCheck={false}
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={onFilterKeyDown}
              data-testid="people-filter"
            />
          </div>
          <div className="people-sort" role="group" aria-label="Order people by">
            {SORTS.map((option) => (
              <button
                key={option.sort}
                type="button"
                aria-pressed={sort === option.sort}
                className={sort === option.sort ? 'is-active' : ''}
                onClick={() => setSort(option.sort)}
                data-testid={`people-sort-${option.sort}`}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        {searchQuery.trim() !== '' && (
          <label className="people-scope" title={searchQuery}>
            <input type="checkbox" checked={isScoped} onChange={(event) => setScoped(event.target.checked)} data-testid="people-scope" />
            <span>
              Only the mail of <code>{searchQuery.trim()}</code>
              {isScoped && list.state === 'loaded' && <span className="muted"> ({formatCount(list.value.messages)} messages)</span>}
            </span>
          </label>
        )}
        {list.state === 'loaded' && (
          <details className="people-rules muted">
            <summary>How people are counted and grouped</summary>
            <p data-testid="people-owner-rule">{list.value.owner.rule}</p>
            <p>{list.value.countingRule}</p>
            <p>{list.value.aliasRule}</p>
          </details>
        )}
        {list.state === 'failed' ? (
          <p className="person-error" role="alert">
            {list.error}
          </p>
        ) : (
          <ul
            id="people-list"
            ref={listRef}
            className="people-list"
            role="listbox"
            aria-label="People"
            aria-busy={list.state === 'loading'}
            aria-activedescendant={selectedIndex >= 0 ? optionId(people[selectedIndex]!) : undefined}
            tabIndex={0}
            onKeyDown={onListKeyDown}
            data-testid="people-list"
          >
            {people.map((person, index) => (
              <PersonRow key={person.id} person={person} isSelected={index === selectedIndex} onChoose={() => choose(index)} />
            ))}
          </ul>
        )}
        {list.state === 'loaded' && list.value.total > PEOPLE_PAGE && (
          <p className="people-more muted">
            Showing {formatCount(PEOPLE_PAGE)} of {formatCount(list.value.total)}: type to find the others.
          </p>
        )}
        {list.state === 'loaded' && list.value.total === 0 && (
          <p className="people-more muted" data-testid="people-empty">
            {filter.trim() ? `No one matches “${filter.trim()}”.` : 'No correspondents yet.'}
          </p>
        )}
      </section>
      <PersonPanel
        client={client}
        load={detail}
        panelRef={panelRef}
        onShowMail={onShowMail}
        onClose={control.close}
        onOpenPerson={(personId) => {
          control.select(personId);
          panelRef.current?.focus();
        }}
        onRegrouped={(personId) => {
          control.regrouped();
          control.select(personId);
        }}
      />
    </>
  );
}
