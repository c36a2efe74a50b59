// The line under the search box: what plain English was read as (chips to take back), "Did you mean …?" and warnings.
// It always takes its one line, so nothing below moves when a note comes or goes.
import type { KeyboardEvent } from 'react';
import type { Interpretation } from '../../../../shared/query/ast';
import { applySuggestion, type QuerySuggestion } from '../../../../shared/query/didYouMean';
import { Icon } from '../../ui/Icon';
import { ReadingChips } from './ReadingChips';
import type { ReadingFlipState } from './useReadingFlip';

export interface QueryNotesProps {
  text: string;
  understood: readonly Interpretation[];
  suggestions: readonly QuerySuggestion[];
  warnings: readonly string[];
  onRemoveUnderstood: (item: Interpretation) => void;
  onApplySuggestion: (suggestion: QuerySuggestion) => void;
  /** Words that read as a constraint or as words, and the flip to the other reading. */
  reading?: ReadingFlipState | null;
}

/** The corrected word as it will read in the query: "from:kay" for form:kay, "budget" for budgte. */
export function correctedTerm(text: string, suggestion: QuerySuggestion): string {
  const corrected = applySuggestion(text, suggestion);
  const start = corrected.lastIndexOf(' ', suggestion.span.start - 1) + 1;
  const end = corrected.indexOf(' ', suggestion.span.start + suggestion.replacement.length);
  return corrected.slice(start, end === -1 ? undefined : end);
}

export function QueryNotes({ text, understood, suggestions, warnings, onRemoveUnderstood, onApplySuggestion, reading }: QueryNotesProps) {
  const onChipKey = (event: KeyboardEvent<HTMLButtonElement>, item: Interpretation): void => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    event.preventDefault();
    onRemoveUnderstood(item);
  };
  return (
    <div className="query-notes" data-testid="query-notes">
      {understood.length > 0 && (
        <span className="understood" role="group" aria-label="Understood from your words">
          <span className="understood-label muted">Understood:</span>
          {understood.map((item) => (
            <button
              key={`${item.span.start}-${item.meaning}`}
              type="button"
              className="understood-chip"
              title={`Read from “${text.slice(item.span.start, item.span.end)}”. Click, or press Delete, to search without it`}
              aria-label={`${item.meaning}: remove`}
              onClick={() => onRemoveUnderstood(item)}
              onKeyDown={(event) => onChipKey(event, item)}
              data-testid="understood-chip"
            >
              {item.meaning}
              <span className="understood-remove" aria-hidden="true">
                ×
              </span>
            </button>
          ))}
        </span>
      )}
      {reading && <ReadingChips alternative={reading.alternative} onFlip={reading.onFlip} />}
      {suggestions.length > 0 && (
        <span className="did-you-mean" data-testid="did-you-mean">
          Did you mean{' '}
          {suggestions.map((suggestion, index) => (
            <span key={suggestion.span.start}>
              {index > 0 && ', '}
              <button
                type="button"
                className="did-you-mean-option"
                onClick={() => onApplySuggestion(suggestion)}
                data-testid="did-you-mean-option"
              >
                {correctedTerm(text, suggestion)}
              </button>
            </span>
          ))}
          ?
        </span>
      )}
      {warnings.length > 0 && (
        <span className="search-warnings" id="search-warnings" data-testid="search-warnings" title={warnings.join('\n')}>
          <Icon name="warning" size={13} /> {warnings.join(' · ')}
        </span>
      )}
    </div>
  );
}
