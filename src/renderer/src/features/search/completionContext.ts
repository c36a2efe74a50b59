// Which token the caret is completing, and putting an accepted suggestion into the text.
import type { Suggestion } from '../../../../shared/query/complete';
import { tokenize } from '../../../../shared/query/tokenize';

/**
 * A key for what the caret is completing: the word's start, plus the operator once the caret is past its colon.
 * Suggestions answered for the same key still fit while more letters arrive; null when there is no word to complete.
 */
export function completionContext(text: string, cursor: number): string | null {
  const word = tokenize(text, []).find((token) => token.kind === 'word' && token.span.start < cursor && cursor <= token.span.end);
  if (word === undefined || word.kind !== 'word' || word.quoted) return null;
  if (word.operator !== null && cursor > word.span.start + word.operator.length) return `${word.span.start}:${word.operator.toLowerCase()}`;
  return String(word.span.start);
}

export interface AppliedSuggestion {
  text: string;
  cursor: number;
  /** An operator or scope name was put in: its values are wanted next. */
  wantsValues: boolean;
}

/**
 * The text with `suggestion` in place. `answeredText` is the text the suggestion was computed for: letters typed
 * since then, at the caret inside the same word, shift the end of the span to replace.
 */
export function applySuggestion(text: string, answeredText: string, suggestion: Suggestion): AppliedSuggestion {
  const start = Math.min(suggestion.replace.start, text.length);
  const end = Math.max(start, Math.min(text.length, suggestion.replace.end + text.length - answeredText.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (suggestion.insert.endsWith(':')) {
    return { text: before + suggestion.insert + after, cursor: start + suggestion.insert.length, wantsValues: true };
  }
  // A value ends its term: a space after it, so typing goes on with the next word.
  const spacer = /^\s/.test(after) ? '' : ' ';
  return { text: before + suggestion.insert + spacer + after, cursor: start + suggestion.insert.length + 1, wantsValues: false };
}
