// Which suggestion the keyboard or mouse highlighted, kept by what it is rather than where it sits: an answer that
// arrives after ↓ (for letters typed just before it) must not take the highlight away from a suggestion still listed.
import type { Suggestion } from '../../../../shared/query/complete';

export type HighlightKey = string;

export function highlightKey(suggestion: Suggestion): HighlightKey {
  return JSON.stringify([suggestion.kind, suggestion.label, suggestion.detail, suggestion.insert]);
}

/** Where the highlighted suggestion is in this list, or null when nothing is highlighted or it is no longer listed. */
export function highlightedIndex(suggestions: readonly Suggestion[], key: HighlightKey | null): number | null {
  if (key === null) return null;
  const index = suggestions.findIndex((suggestion) => highlightKey(suggestion) === key);
  return index < 0 ? null : index;
}
