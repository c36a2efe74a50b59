// The autocomplete dropdown: an ARIA listbox under the search box, highlighted by the keyboard or the mouse.
import { useEffect, useRef } from 'react';
import type { Suggestion } from '../../../../shared/query/complete';
import { suggestionHeading } from './suggestionHeading';

export const SUGGESTIONS_ID = 'search-suggestions';

export function suggestionId(index: number): string {
  return `${SUGGESTIONS_ID}-${index}`;
}

export interface SuggestionListProps {
  text: string;
  suggestions: readonly Suggestion[];
  activeIndex: number | null;
  onHighlight: (index: number) => void;
  onAccept: (suggestion: Suggestion) => void;
}

export function SuggestionList({ text, suggestions, activeIndex, onHighlight, onAccept }: SuggestionListProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (activeIndex === null) return;
    list.current?.querySelector(`#${suggestionId(activeIndex)}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const heading = suggestionHeading(text, suggestions);
  return (
    // Pressing in the list must not take the focus from the input, or the caret and the list would go.
    <div className="suggestions" onMouseDown={(event) => event.preventDefault()} data-testid="search-suggestions">
      <div className="suggestions-heading" id={`${SUGGESTIONS_ID}-heading`}>
        {heading}
      </div>
      <ul className="suggestions-list" role="listbox" id={SUGGESTIONS_ID} aria-labelledby={`${SUGGESTIONS_ID}-heading`} ref={list}>
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.insert}\u0000${suggestion.label}`}
            id={suggestionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={`suggestion is-${suggestion.kind} ${index === activeIndex ? 'is-active' : ''}`}
            onMouseMove={() => {
              if (index !== activeIndex) onHighlight(index);
            }}
            onClick={() => onAccept(suggestion)}
            data-testid="search-suggestion"
          >
            <span className="suggestion-label">{suggestion.label}</span>
            {suggestion.detail && suggestion.detail !== suggestion.label && <span className="suggestion-detail">{suggestion.detail}</span>}
          </li>
        ))}
      </ul>
      <div className="suggestions-footer" aria-hidden="true">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> choose
        </span>
        <span>
          <kbd>Tab</kbd> accept
        </span>
        <span>
          <kbd>Esc</kbd> close
        </span>
      </div>
    </div>
  );
}
