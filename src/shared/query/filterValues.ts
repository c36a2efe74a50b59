// Turns an operator and its typed value into an executable Filter, or says why it cannot.
import type { AttachmentKind, Filter, MessageState, ScopeKind } from './ast';
import { ANYWHERE, ATTACHMENT_KINDS, MESSAGE_STATES, SCOPES, type OperatorDefinition } from './grammar';
import { parseDateValue, type DateContext, type DateRange } from './dates';
import { words } from './fold';

export type ValueContext = DateContext;

export type FilterResult = { filter: Filter } | { problem: string };

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

export function parseSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  if (!match) return null;
  const unit = SIZE_UNITS[match[2]!.toLowerCase()];
  return unit === undefined ? null : Math.round(Number(match[1]) * unit);
}

/** A day, month, year or period as a half-open range [after, before) in the zone; null when not a date. */
export function parseDateRange(value: string, context: ValueContext): DateRange | null {
  return parseDateValue(value, context);
}

const DURATION_DAYS: Record<string, number> = { d: 1, w: 7, m: 30, y: 365 };

function parseDuration(value: string): number | null {
  const match = /^(\d+)([dwmy])$/i.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * DURATION_DAYS[match[2]!.toLowerCase()]! * 86_400_000;
}

function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  const lower = value.toLowerCase();
  return allowed.find((candidate) => candidate === lower);
}

export function buildFilter(operator: OperatorDefinition, value: string, context: ValueContext): FilterResult {
  const name = operator.name;
  switch (operator.valueKind) {
    case 'person':
      return { filter: { field: name as 'from', value } };
    case 'text':
      // body: is looked up by words like a bare word; subject: and filename: match any text, punctuation too.
      if (name === 'body' && words(value).length === 0) return { problem: `body: "${value}" has no letter or digit to search for` };
      return { filter: { field: name as 'subject', value } };
    case 'folder':
      if (value.toLowerCase() === ANYWHERE) return { filter: { field: 'scope', scope: 'all', values: [ANYWHERE] } };
      return { filter: { field: 'place', value } };
    case 'category':
      return { filter: { field: 'category', value } };
    case 'list':
      return { filter: { field: 'list', value } };
    case 'source':
      return { filter: { field: 'source', value } };
    case 'thread':
      return { filter: { field: 'thread', value } };
    case 'id':
      return { filter: { field: 'id', value: value.replace(/^<|>$/g, '') } };
    case 'attachment-kind': {
      const kind = oneOf<AttachmentKind>(ATTACHMENT_KINDS, value);
      return kind ? { filter: { field: 'has', value: kind } } : { problem: `has: expects one of ${ATTACHMENT_KINDS.join(', ')}` };
    }
    case 'state': {
      const state = oneOf<MessageState>(MESSAGE_STATES, value);
      return state ? { filter: { field: 'is', value: state } } : { problem: `is: expects one of ${MESSAGE_STATES.join(', ')}` };
    }
    case 'size': {
      const bytes = parseSize(value);
      if (bytes === null) return { problem: `${name}: "${value}" is not a size like 5M or 200k` };
      return { filter: { field: 'size', min: name === 'smaller' ? null : bytes, max: name === 'smaller' ? bytes : null } };
    }
    case 'date': {
      const range = parseDateRange(value, context);
      if (!range) return { problem: `${name}: "${value}" is not a date like 2024-01-31 or "last week"` };
      return { filter: { field: 'date', after: name === 'after' ? range.after : null, before: name === 'before' ? range.after : null } };
    }
    case 'duration': {
      const span = parseDuration(value);
      if (span === null) return { problem: `${name}: "${value}" is not a duration like 7d, 2m or 1y` };
      const edge = context.now - span;
      return { filter: { field: 'date', after: name === 'newer_than' ? edge : null, before: name === 'older_than' ? edge : null } };
    }
    case 'date-range': {
      const separator = value.indexOf('..');
      const first = (separator === -1 ? value : value.slice(0, separator)).trim();
      const last = separator === -1 ? undefined : value.slice(separator + 2).trim();
      const start = first ? parseDateRange(first, context) : null;
      const end = last !== undefined ? (last ? parseDateRange(last, context) : null) : start;
      if ((first && !start) || (last && !end) || (!start && !end)) {
        return { problem: `date: "${value}" is not a date or range like 2024-01..2024-03 or "June 2024"` };
      }
      return { filter: { field: 'date', after: start?.after ?? null, before: end?.before ?? null } };
    }
  }
}

/** Scope names (`folder`, `tag` ...) to the kind of place they limit to. */
export const SCOPE_NAMES: Record<string, ScopeKind> = Object.fromEntries(SCOPES.map((definition) => [definition.name, definition.scope]));
