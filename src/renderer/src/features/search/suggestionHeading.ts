// The heading over a suggestion list: what kind of thing is offered, read from the operator the caret is in.
import { assertNever } from '../../../../shared/assertNever';
import type { Suggestion } from '../../../../shared/query/complete';
import { findOperator, SCOPES, type ValueKind } from '../../../../shared/query/grammar';
import { tokenize } from '../../../../shared/query/tokenize';

function valueKindHeading(kind: ValueKind, operator: string): string {
  switch (kind) {
    case 'person':
      return 'People';
    case 'folder':
      return 'Folders and labels';
    case 'category':
      return 'Categories';
    case 'list':
      return 'Mailing lists';
    case 'source':
      return 'Imported sources';
    case 'attachment-kind':
      return 'Attachment kinds';
    case 'state':
      return 'States';
    case 'size':
      return 'Sizes';
    case 'date':
    case 'date-range':
    case 'duration':
      return 'Dates';
    case 'text':
      return operator === 'filename' ? 'Attachments' : 'Words';
    case 'thread':
    case 'id':
      return 'Values';
    default:
      return assertNever(kind, 'value kind');
  }
}

export function suggestionHeading(text: string, suggestions: readonly Suggestion[]): string {
  const first = suggestions[0];
  if (first === undefined || first.kind === 'operator') return 'Search operators';
  if (first.kind === 'scope') return 'Scopes';
  const word = tokenize(text, []).find(
    (token) =>
      token.kind === 'word' && token.operator !== null && token.span.start < first.replace.start && first.replace.start <= token.span.end,
  );
  const operator = word?.kind === 'word' ? (word.operator ?? '').toLowerCase() : '';
  if (operator.startsWith('@')) {
    const scope = SCOPES.find((definition) => `@${definition.name}` === operator)?.scope;
    return scope === 'document' ? 'Attachments' : scope === 'collection' ? 'Collections' : scope === 'label' ? 'Labels' : 'Folders';
  }
  const definition = findOperator(operator);
  return definition ? valueKindHeading(definition.valueKind, definition.name) : 'Suggestions';
}
