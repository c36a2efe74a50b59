// The result list's header: "23 results · best matches first", a plain note when it matters, and "Why these results?".
import { useState, type ReactNode } from 'react';
import type { SearchResult } from '../../../../shared/model/search';
import { countLine, orderLine, plainNote, similarOffer } from './resultsSummary';
import { WhyResults } from './WhyResults';
import './resultsHeader.css';

export interface ResultsHeaderProps {
  result: SearchResult | null;
  /** Runs the same words by meaning with the lower threshold: what the offer of messages about similar things shows. */
  onShowSimilar?: () => void;
  children?: ReactNode;
}

export function ResultsHeader({ result, onShowSimilar, children }: ResultsHeaderProps) {
  const [isWhyOpen, setWhyOpen] = useState(false);
  const note = result ? plainNote(result) : null;
  const offer = result && onShowSimilar ? similarOffer(result) : null;
  return (
    <>
      <span className="result-count" data-testid="result-count" aria-live="polite">
        {result ? countLine(result) : 'Searching…'}
      </span>
      {result && (
        <span className="result-order muted" data-testid="result-order" title={`${result.tookMs} ms`}>
          · {orderLine(result)}
        </span>
      )}
      {children}
      {result && result.hits.length > 0 && (
        <button
          type="button"
          className="why-results-button"
          aria-expanded={isWhyOpen}
          onClick={() => setWhyOpen((open) => !open)}
          data-testid="why-results-button"
        >
          Why these results?
        </button>
      )}
      {offer && (
        <button type="button" className="similar-offer-button" onClick={onShowSimilar} data-testid="similar-offer">
          {offer}
        </button>
      )}
      {note && (
        <p className="result-note muted" data-testid="result-note" title={note}>
          {note}
        </p>
      )}
      {isWhyOpen && result && <WhyResults result={result} onClose={() => setWhyOpen(false)} />}
    </>
  );
}
