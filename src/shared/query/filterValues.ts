// Turns an operator and its typed value into an executable Filter, or says why it cannot.
import type { AttachmentKind, Filter, MessageState, ScopeKind } from './ast';
import { ATTACHMENT_KINDS, MESSAGE_STATES, type OperatorDefinition } from './grammar';
import { calendarDay, startOfDay } from './zonedTime';

export interface ValueContext {
  timeZone: string;
  now: number;
}

export type FilterResult = { filter: Filter } | { problem: string };

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

export function parseSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  if (!match) return null;
  const unit = SIZE_UNITS[match[2]!.toLowerCase()];
  return unit === undefined ? null : Math.round(Number(match[1]) * unit);
}

/** A day, month or year as a half-open range [after, before) in the zone; null when not a date. */
export function parseDateRange(value: string, context: ValueContext): { after: number; before: number } | null {
  const text = value.trim().toLowerCase();
  const zone = context.timeZone;
  const full = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (full) {
    const [year, month, day] = [Number(full[1]), Number(full[2]), Number(full[3])];
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    return { after: startOfDay(year, month, day, zone), before: startOfDay(year, month, day + 1, zone) };
  }
  const monthOnly = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  if (monthOnly) {
    const [year, month] = [Number(monthOnly[1]), Number(monthOnly[2])];
    if (month < 1 || month > 12) return null;
    return { after: startOfDay(year, month, 1, zone), before: startOfDay(year, month + 1, 1, zone) };
  }
  const yearOnly = /^(\d{4})$/.exec(text);
  if (yearOnly) {
    const year = Number(yearOnly[1]);
    return { after: startOfDay(year, 1, 1, zone), before: startOfDay(year + 1, 1, 1, zone) };
  }
  const today = calendarDay(context.now, zone);
  if (text === 'today') {
    return { after: startOfDay(today.year, today.month, today.day, zone), before: startOfDay(today.year, today.month, today.day + 1, zone) };
  }
  if (text === 'yesterday') {
    return { after: startOfDay(today.year, today.month, today.day - 1, zone), before: startOfDay(today.year, today.month, today.day, zone) };
  }
  return null;
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
      return { filter: { field: name as 'subject', value } };
    case 'folder':
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
      if (!range) return { problem: `${name}: "${value}" is not a date like 2024-01-31` };
      return { filter: { field: 'date', after: name === 'after' ? range.after : null, before: name === 'before' ? range.after : null } };
    }
    case 'duration': {
      const span = parseDuration(value);
      if (span === null) return { problem: `${name}: "${value}" is not a duration like 7d, 2m or 1y` };
      const edge = context.now - span;
      return { filter: { field: 'date', after: name === 'newer_than' ? edge : null, before: name === 'older_than' ? edge : null } };
    }
    case 'date-range': {
      const [first, last] = value.split('..');
      const start = first ? parseDateRange(first, context) : null;
      const end = last !== undefined ? (last ? parseDateRange(last, context) : null) : start;
      if ((first && !start) || (last && !end) || (!start && !end)) {
        return { problem: `date: "${value}" is not a date or range like 2024-01..2024-03` };
      }
      return { filter: { field: 'date', after: start?.after ?? null, before: end?.before ?? null } };
    }
  }
}

export const SCOPE_NAMES: Record<string, ScopeKind> = {
  folder: 'folder',
  label: 'label',
  tag: 'label',
  collection: 'collection',
  thread: 'thread',
  document: 'document',
};
