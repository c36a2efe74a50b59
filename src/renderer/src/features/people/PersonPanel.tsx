// One person in detail beside the people list: counts, a monthly strip, addresses, who they write with, threads, attachments, words.
import type { RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { PersonDetail } from '../../../../shared/model/people';
import { formatBytes, formatCount, formatListDate } from '../../ui/format';
import { ActivityStrip } from './ActivityStrip';
import { PersonAddresses } from './PersonAddresses';
import type { Loaded } from './usePeople';

export interface PersonPanelProps {
  client: LanternClient;
  load: Loaded<PersonDetail | null> | null;
  panelRef: RefObject<HTMLElement | null>;
  /** Runs a search in the result list (and opens one of its messages). */
  onShowMail: (query: string, messageId?: string) => void;
  onOpenPerson: (personId: string) => void;
  onRegrouped: (personId: string) => void;
  /** Esc: back to the mail. */
  onClose: () => void;
}

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function Body({
  detail,
  client,
  onShowMail,
  onOpenPerson,
  onRegrouped,
}: Omit<PersonPanelProps, 'load' | 'panelRef' | 'onClose'> & { detail: PersonDetail }) {
  const { person } = detail;
  const dates = person.firstDate && person.lastDate ? `${formatDay(person.firstDate)} – ${formatDay(person.lastDate)}` : '';
  return (
    <>
      <header className="person-header">
        <h2 id="person-heading" data-testid="person-name-heading">
          {person.name}
          {person.isOwner && <span className="person-tag">owner</span>}
          {person.isList && <span className="person-tag">list</span>}
        </h2>
        <p className="muted" data-testid="person-counts">
          {formatCount(person.messages)} messages · {formatCount(person.fromThem)} from them · {formatCount(person.toThem)} to them
          {dates && <> · {dates}</>}
        </p>
        <button type="button" className="person-primary-button" onClick={() => onShowMail(person.query)} data-testid="person-show-mail">
          Show their mail
        </button>
      </header>
      <ActivityStrip months={detail.months} />
      <PersonAddresses client={client} addresses={person.addresses} onRegrouped={onRegrouped} />
      {detail.coCorrespondents.length > 0 && (
        <section className="person-section" aria-labelledby="person-with-heading">
          <h3 id="person-with-heading">Writes with</h3>
          <ul className="person-rows" data-testid="person-with">
            {detail.coCorrespondents.map((other) => (
              <li key={other.id}>
                <button type="button" className="person-link" onClick={() => onOpenPerson(other.id)} title={other.id}>
                  {other.name}
                </button>
                <span className="muted person-count">{formatCount(other.messages)}</span>
                <button
                  type="button"
                  className="person-small-button"
                  onClick={() => onShowMail(other.pairQuery)}
                  aria-label={`Mail between ${person.name} and ${other.name}`}
                  data-testid="person-pair"
                >
                  Mail between
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.threads.length > 0 && (
        <section className="person-section" aria-labelledby="person-threads-heading">
          <h3 id="person-threads-heading">Busiest threads</h3>
          <ul className="person-rows">
            {detail.threads.map((thread) => (
              <li key={thread.threadId}>
                <button type="button" className="person-link" onClick={() => onShowMail(thread.query, thread.latestId)}>
                  {thread.subject || '(no subject)'}
                </button>
                <span className="muted person-count">
                  {formatCount(thread.messages)} · {formatListDate(thread.lastDate)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.attachments.length > 0 && (
        <section className="person-section" aria-labelledby="person-attachments-heading">
          <h3 id="person-attachments-heading">Attachments</h3>
          <ul className="person-rows">
            {detail.attachments.map((attachment) => (
              <li key={`${attachment.messageId}-${attachment.index}`}>
                <button type="button" className="person-link" onClick={() => onShowMail(person.query, attachment.messageId)}>
                  {attachment.filename || '(unnamed)'}
                </button>
                <span className="muted person-count">
                  {formatBytes(attachment.size)} · {formatListDate(attachment.date)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.words.length > 0 && (
        <section className="person-section" aria-labelledby="person-words-heading">
          <h3 id="person-words-heading">Their words</h3>
          <p className="muted person-note">
            What sets their mail apart from the archive's, read from {formatCount(detail.wordsFromMessages)} of their messages.
          </p>
          <ul className="person-words" data-testid="person-words">
            {detail.words.map((word) => (
              <li key={word.word}>
                <button type="button" className="person-word" onClick={() => onShowMail(`${person.query} ${word.word}`)}>
                  {word.word}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function PersonPanel({ load, panelRef, onClose, ...rest }: PersonPanelProps) {
  return (
    <section
      className="reading-pane person-pane"
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby={load?.state === 'loaded' && load.value ? 'person-heading' : undefined}
      aria-label={load?.state === 'loaded' && load.value ? undefined : 'Person'}
      aria-busy={load?.state === 'loading'}
      data-testid="person-pane"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      {load === null ? (
        <p className="person-empty muted">Choose a person to see who they write with, when, and about what.</p>
      ) : load.state === 'loading' ? (
        <p className="person-empty muted">Loading…</p>
      ) : load.state === 'failed' ? (
        <p className="person-error" role="alert">
          {load.error}
        </p>
      ) : load.value === null ? (
        <p className="person-empty muted">No mail to or from this address.</p>
      ) : (
        <Body detail={load.value} {...rest} />
      )}
    </section>
  );
}
