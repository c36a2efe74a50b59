// Writes a parsed query back as compact text (`from:kiraly (a OR -b) date:[2024-06-17,2024-06-18)`) for tests and --explain.
import type { Filter, QueryNode } from './ast';
import { calendarDay, startOfDay } from './zonedTime';

/** A bound as the zone's calendar day when it falls on midnight there, else as a UTC instant. */
function bound(epochMs: number | null, timeZone: string): string {
  if (epochMs === null) return '';
  const day = calendarDay(epochMs, timeZone);
  if (startOfDay(day.year, day.month, day.day, timeZone) !== epochMs) return new Date(epochMs).toISOString();
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function quoted(value: string): string {
  return /[\s()"]/.test(value) || value === '' ? `"${value}"` : value;
}

export function filterText(filter: Filter, timeZone: string): string {
  switch (filter.field) {
    case 'size':
      return `size:[${filter.min ?? ''},${filter.max ?? ''})`;
    case 'date':
      return `date:[${bound(filter.after, timeZone)},${bound(filter.before, timeZone)})`;
    case 'scope':
      return `@${filter.scope}:${filter.values.map(quoted).join(',')}`;
    default:
      return `${filter.field}:${quoted(filter.value)}`;
  }
}

/** The tree as text: AND as spaces (bracketed below the root), OR as `OR`, NOT as `-`. */
export function queryText(node: QueryNode | null, timeZone: string, isRoot = true): string {
  if (node === null) return '';
  switch (node.kind) {
    case 'and': {
      const inner = node.children.map((child) => queryText(child, timeZone, false)).join(' ');
      return isRoot ? inner : `(${inner})`;
    }
    case 'or':
      return `(${node.children.map((child) => queryText(child, timeZone, false)).join(' OR ')})`;
    case 'not':
      return `-${queryText(node.child, timeZone, false)}`;
    case 'text':
      return node.phrase ? `"${node.value}"` : node.value;
    case 'filter':
      return filterText(node.filter, timeZone);
  }
}
