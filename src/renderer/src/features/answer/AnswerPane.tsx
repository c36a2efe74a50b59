// The answer pane: the question, the answer as it streams, its [n] markers as links, and the cited mail below.
import type { RefObject } from 'react';
import type { AnswerCitation } from '../../../../shared/model/answer';
import { formatFullDate, personName } from '../../ui/format';
import { KeyChordView } from '../help/KeyChordView';
import { isMac } from '../help/isMac';
import { chordText } from '../help/shortcuts';
import { citationSegments } from './citationSegments';
import { answeredByLabel, providerLabel } from './providerLabel';
import { leavesMachine } from '../settings/providerChoice';
import type { AnswerPaneControl, AnswerRun } from './useAnswerPane';
import './answer.css';

function sourceId(n: number): string {
  return `answer-source-${n}`;
}

/** The text with each `[n]` as a link to its source; while streaming (no citations yet) markers are plain. */
function AnswerText({
  text,
  citations,
  onOpenMessage,
}: {
  text: string;
  citations: readonly AnswerCitation[];
  onOpenMessage: (id: string, quote: string) => void;
}) {
  const byNumber = new Map(citations.map((citation) => [citation.n, citation]));
  return (
    <>
      {citationSegments(text).map((segment, index) => {
        if (segment.kind === 'text') return <span key={index}>{segment.text}</span>;
        const citation = byNumber.get(segment.n);
        if (!citation) {
          return (
            <span key={index} className="citation-marker">
              [{segment.n}]
            </span>
          );
        }
        return (
          <a
            key={index}
            className="citation-link"
            href={`#${sourceId(citation.n)}`}
            aria-label={`Source ${citation.n}: ${citation.subject || '(no subject)'}`}
            title={`${citation.subject || '(no subject)'} — ${personName(citation.from)}`}
            onClick={(event) => {
              event.preventDefault();
              onOpenMessage(citation.id, citation.quote);
            }}
            data-testid="answer-citation-link"
            data-n={citation.n}
          >
            [{citation.n}]
          </a>
        );
      })}
    </>
  );
}

function Sources({
  citations,
  openId,
  onOpenMessage,
}: {
  citations: readonly AnswerCitation[];
  openId: string | null;
  onOpenMessage: (id: string, quote: string) => void;
}) {
  return (
    <section className="answer-sources" aria-labelledby="answer-sources-title">
      <h3 id="answer-sources-title" className="label-heading">
        Sources
      </h3>
      <ol data-testid="answer-sources">
        {citations.map((citation) => (
          <li key={citation.n} id={sourceId(citation.n)}>
            <button
              type="button"
              className={`answer-source ${citation.id === openId ? 'is-open' : ''}`}
              aria-current={citation.id === openId ? 'true' : undefined}
              onClick={() => onOpenMessage(citation.id, citation.quote)}
              data-testid="answer-source"
              data-id={citation.id}
            >
              <span className="answer-source-n">[{citation.n}]</span>
              <span className="answer-source-body">
                <span className="answer-source-subject" data-testid="answer-source-subject">
                  {citation.subject || '(no subject)'}
                </span>
                <span className="answer-source-meta muted">
                  {personName(citation.from)} · <time dateTime={citation.date}>{formatFullDate(citation.date)}</time>
                </span>
                {citation.quote && <q className="answer-source-quote">{citation.quote}</q>}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function providerText(run: AnswerRun): string | null {
  if (run.answer) return answeredByLabel(run.answer.provider, run.settingsChoice);
  return run.settingsChoice ? providerLabel(run.settingsChoice) : null;
}

function EmptyPane() {
  const mac = isMac();
  return (
    <div className="answer-empty muted" data-testid="answer-empty">
      <p>
        Type a question in the search bar and press <KeyChordView chord={['Mod', 'Enter']} isMac={mac} />, or choose Ask.
      </p>
      <p>Answers are written from your mail only, and every claim links to the message it came from.</p>
    </div>
  );
}

export interface AnswerPaneProps {
  control: AnswerPaneControl;
  paneRef: RefObject<HTMLElement | null>;
  /** The message open in the reading pane, so its source is marked. */
  openId: string | null;
  onOpenMessage: (id: string, quote: string) => void;
}

export function AnswerPane({ control, paneRef, openId, onOpenMessage }: AnswerPaneProps) {
  const { run } = control;
  const isStreaming = run.phase === 'streaming';
  const citations = run.answer?.citations ?? [];
  const provider = providerText(run);
  return (
    <section className="answer-pane" aria-label="Answer" tabIndex={-1} ref={paneRef} data-testid="answer-pane" data-phase={run.phase}>
      <header className="answer-header">
        <h2 className="answer-title">Answer</h2>
        {provider && (
          <span className="answer-provider" title="Who writes the answers (Settings › Answers)" data-testid="answer-provider">
            {provider}
          </span>
        )}
        <button
          type="button"
          className="answer-close"
          aria-label="Close the answer pane"
          title={`Close (${chordText(['Mod', 'J'], isMac())})`}
          onClick={control.close}
          data-testid="answer-close"
        >
          ×
        </button>
      </header>
      {run.settingsChoice && leavesMachine(run.settingsChoice) && (
        <p className="answer-remote" role="note" data-testid="answer-remote">
          Answers are written by{' '}
          {run.settingsChoice.kind === 'openai' || run.settingsChoice.kind === 'ollama' ? run.settingsChoice.baseUrl : 'a remote service'}:
          your question and the mail excerpts that answer it leave this machine.
        </p>
      )}
      {run.phase === 'idle' ? (
        <EmptyPane />
      ) : (
        <div className="answer-scroll">
          <p className="answer-question" data-testid="answer-question">
            {run.question}
          </p>
          <div className="answer-text" aria-live="polite" aria-busy={isStreaming} data-testid="answer-text">
            {run.text === '' && isStreaming ? (
              <span className="muted">Reading your mail…</span>
            ) : (
              <AnswerText text={run.text} citations={citations} onOpenMessage={onOpenMessage} />
            )}
            {isStreaming && <span className="answer-caret" aria-hidden="true" />}
          </div>
          {run.answer?.refused && (
            <p className="answer-note muted" data-testid="answer-refused">
              Nothing in your mail answers this well enough, so no answer was guessed. Try other words, or search instead.
            </p>
          )}
          {run.phase === 'failed' && (
            <p className="answer-error" role="alert" data-testid="answer-error">
              Could not answer: {run.error}
            </p>
          )}
          <div className="answer-status">
            {isStreaming && (
              <>
                <span className="muted">Writing…</span>
                <button type="button" className="button answer-stop" onClick={control.stop} data-testid="answer-stop">
                  Stop
                </button>
              </>
            )}
            {run.phase === 'stopped' && (
              <span className="muted" data-testid="answer-stopped">
                Stopped; the answer above is incomplete.
              </span>
            )}
            {run.phase === 'done' && run.answer && <span className="muted">Answered in {(run.answer.tookMs / 1000).toFixed(1)} s</span>}
          </div>
          {citations.length > 0 && <Sources citations={citations} openId={openId} onOpenMessage={onOpenMessage} />}
        </div>
      )}
    </section>
  );
}
