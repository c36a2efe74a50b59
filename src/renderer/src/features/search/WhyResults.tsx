// "Why these results?": per hit on screen, which words matched where, how close its meaning was, its place in each list.
import { useEffect, useRef } from 'react';
import type { HitReasons, SearchHit, SearchResult } from '../../../../shared/model/search';
import { personName } from '../../ui/format';
import { howLine } from './resultsSummary';

/** How many hits the panel explains: the top of the list, which is what a person asks about. */
const EXPLAINED = 10;

function wordsLine(reasons: HitReasons): string | null {
  if (reasons.words.length === 0) return null;
  const where = reasons.words.map(({ word, fields }) => {
    if (fields.length === 0) return `“${word}” not found as a word`;
    const places = fields.map((field) => (field === 'meta' ? 'subject, people or file names' : 'text'));
    return `“${word}” in the ${places.join(' and the ')}`;
  });
  return `Words: ${where.join('; ')}.`;
}

/** Cosine similarity in words: the embedder's scores for related mail sit mostly between 0.3 and 0.8. */
function closeness(similarity: number): string {
  if (similarity >= 0.7) return 'very close';
  if (similarity >= 0.5) return 'close';
  if (similarity >= 0.3) return 'somewhat related';
  return 'distant';
}

function placesLine(reasons: HitReasons): string | null {
  const places: string[] = [];
  if (reasons.keywordRank !== null) places.push(`#${reasons.keywordRank} by words`);
  if (reasons.meaningRank !== null && reasons.similarity !== null)
    places.push(`#${reasons.meaningRank} by meaning (${closeness(reasons.similarity)}, ${reasons.similarity.toFixed(2)})`);
  return places.length > 0 ? `Place: ${places.join(', ')}.` : null;
}

function HitExplanation({ hit, place }: { hit: SearchHit; place: number }) {
  const reasons = hit.reasons;
  const lines = reasons ? [wordsLine(reasons), placesLine(reasons)].filter((line) => line !== null) : [];
  return (
    <li className="why-hit" data-testid="why-hit">
      <div className="why-hit-title">
        <span className="why-hit-place">{place}.</span> {hit.subject || '(no subject)'}{' '}
        <span className="muted">— {personName(hit.from)}</span>
      </div>
      {lines.length > 0 ? (
        lines.map((line) => <div key={line}>{line}</div>)
      ) : (
        <div className="muted">Listed by its date: the query has no words to match.</div>
      )}
    </li>
  );
}

export function WhyResults({ result, onClose }: { result: SearchResult; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      className="why-results"
      role="dialog"
      aria-label="Why these results"
      tabIndex={-1}
      ref={panel}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      data-testid="why-results"
    >
      <div className="why-results-head">
        <strong>Why these results?</strong>
        <button type="button" className="why-results-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <p className="why-results-how">
        {howLine(result)}
        {result.modeNote && <span className="muted"> Details: {result.modeNote}.</span>}
      </p>
      <ol className="why-hits">
        {result.hits.slice(0, EXPLAINED).map((hit, index) => (
          <HitExplanation key={hit.id} hit={hit} place={index + 1} />
        ))}
      </ol>
    </div>
  );
}
