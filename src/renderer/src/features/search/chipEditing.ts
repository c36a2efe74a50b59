// Removing a whole chip from the query text: by its × or by Backspace right after it, leaving the spacing tidy.
import type { Span } from '../../../../shared/query/ast';
import type { Chip } from './queryPieces';

export interface Edit {
  text: string;
  cursor: number;
}

/** The text without `span` and without the space it leaves doubled; the cursor where the span was. */
export function removeSpan(text: string, span: Span): Edit {
  let before = text.slice(0, span.start);
  let after = text.slice(span.end);
  if (before.trim() === '') {
    before = '';
    after = after.replace(/^\s+/, '');
  } else if (/\s$/.test(before) && /^\s/.test(after)) {
    after = after.replace(/^\s+/, '');
  } else if (after.trim() === '') {
    // A chip at the end takes its separating space along, so the caret lands right after the previous term.
    before = before.replace(/\s+$/, ' ');
  }
  return { text: before + after, cursor: before.length };
}

/**
 * The chip that Backspace at `cursor` removes whole: one the caret has moved past, with only spaces between.
 * Right at a chip's end the caret is still editing its value, so Backspace deletes one character as usual.
 */
export function chipBeforeCursor(chips: readonly Chip[], text: string, cursor: number): Chip | null {
  for (const chip of chips) {
    if (chip.span.end < cursor && text.slice(chip.span.end, cursor).trim() === '') return chip;
  }
  return null;
}
