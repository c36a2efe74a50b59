// What the chunk table's folder, labels and participants columns hold, and a query's operators as a LanceDB `where`
// over them: the pre-filter that lets a narrow filter still return k passages.
import type { Filter, QueryNode } from '../../shared/query/ast';
import type { CatalogEntry } from '../index/catalogEntry';
import { placeKey, placeName } from '../../shared/query/placeKey';
import { foldText } from '../index/fold';

/** The columns a chunk carries about its message, in the folded forms the catalog's filters compare. */
export interface ChunkPlaces {
  /** The folder as a place key ("work/projects"). */
  folder: string;
  /** Label place keys between bars ("|inbox|work/projects|"), so one LIKE finds a whole label: "" when none. */
  labels: string;
  /** Sender and recipients, folded "name <address>" lines, in the order from, to, cc, bcc. */
  participants: string;
}

export const NO_PLACES: ChunkPlaces = { folder: '', labels: '', participants: '' };

export function placesOf(entry: CatalogEntry): ChunkPlaces {
  return {
    folder: entry.folderKey,
    labels: entry.labelKeys.length === 0 ? '' : `|${entry.labelKeys.join('|')}|`,
    participants: [entry.foldedFrom, entry.foldedTo, entry.foldedCc, entry.foldedBcc].filter((people) => people !== '').join('\n'),
  };
}

/**
 * A `where` over chunk columns that every allowed passage satisfies. `exact` when it allows nothing else, so the
 * index's own pre-filtered search returns k passages with no over-fetching; otherwise the caller still filters.
 * `sql` null means no condition.
 */
export interface ChunkFilter {
  sql: string | null;
  exact: boolean;
}

const EVERYTHING: ChunkFilter = { sql: null, exact: true };
const UNKNOWN: ChunkFilter = { sql: null, exact: false };

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * A LIKE pattern finding `value` anywhere. `%` and `_` in the value match more than themselves, which keeps the
 * condition a superset, so only exact when neither occurs; a backslash (LIKE's escape) makes it unusable.
 */
function contains(column: string, value: string): ChunkFilter {
  if (value.includes('\\')) return UNKNOWN;
  return { sql: `${column} LIKE ${quote(`%${value}%`)}`, exact: !/[%_]/.test(value) };
}

function anyOf(conditions: string[]): string {
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' OR ')})`;
}

/**
 * Folder by whole path or last segment, as matchFilter's placeMatches does. Keys hold only letters, digits, "/" and
 * single spaces, so no LIKE wildcard; a path key keeps the space of "Work / Projects" after its slash, a leaf key not.
 */
function folderIs(key: string): string[] {
  return [`folder = ${quote(key)}`, `folder LIKE ${quote(`%/${key}`)}`, `folder LIKE ${quote(`%/ ${key}`)}`];
}

function labelIs(key: string): string {
  return `labels LIKE ${quote(`%|${key}|%`)}`;
}

/** One operator as a condition on chunk columns; UNKNOWN when the chunk does not carry what it needs. */
function filterCondition(filter: Filter): ChunkFilter {
  switch (filter.field) {
    case 'date': {
      const parts = [
        filter.after === null ? null : `date >= ${filter.after}`,
        filter.before === null ? null : `date < ${filter.before}`,
      ].filter((part) => part !== null);
      return parts.length === 0 ? EVERYTHING : { sql: parts.join(' AND '), exact: true };
    }
    case 'participants':
      return contains('participants', foldText(filter.value));
    case 'from':
    case 'to':
    case 'cc':
    case 'bcc':
      // One column holds every role, so the role itself is left to the caller's filter.
      return { ...contains('participants', foldText(filter.value)), exact: false };
    case 'place': {
      const { key, wholePath } = placeName(filter.value);
      if (wholePath) return { sql: anyOf([`folder = ${quote(key)}`, labelIs(key)]), exact: true };
      return { sql: anyOf([...folderIs(key), labelIs(key), `labels LIKE ${quote(`%/${key}|%`)}`]), exact: true };
    }
    case 'category':
      return { sql: labelIs(`category ${placeKey(filter.value)}`), exact: true };
    case 'is':
      return filter.value === 'important' ? { sql: labelIs('important'), exact: true } : UNKNOWN;
    case 'thread':
      return { sql: `threadId = ${quote(filter.value)}`, exact: true };
    case 'scope': {
      const keys = filter.values.map(placeKey);
      switch (filter.scope) {
        case 'all':
          return EVERYTHING;
        case 'folder':
          return { sql: anyOf(keys.flatMap((key) => [...folderIs(key), `folder LIKE ${quote(`${key}/%`)}`])), exact: true };
        case 'label':
          return { sql: anyOf(keys.map(labelIs)), exact: true };
        case 'thread':
          return { sql: `threadId IN (${filter.values.map(quote).join(',')})`, exact: true };
        default:
          return UNKNOWN;
      }
    }
    default:
      return UNKNOWN;
  }
}

/**
 * The query's operators as a chunk pre-filter, mirroring the Evaluator's 'relaxed' reading: positive words match
 * everything (meaning, not words, decides), negated words and operators constrain.
 */
export function chunkFilter(root: QueryNode | null): ChunkFilter {
  return root ? nodeFilter(root, true) : EVERYTHING;
}

function nodeFilter(node: QueryNode, positive: boolean): ChunkFilter {
  switch (node.kind) {
    case 'and': {
      const children = node.children.map((child) => nodeFilter(child, positive));
      const conditions = children.flatMap((child) => (child.sql === null ? [] : [child.sql]));
      return {
        sql: conditions.length === 0 ? null : conditions.map((sql) => `(${sql})`).join(' AND '),
        exact: children.every((child) => child.exact),
      };
    }
    case 'or': {
      const children = node.children.map((child) => nodeFilter(child, positive));
      // A branch that allows everything makes the whole OR allow everything: exactly so if that branch is exact.
      if (children.some((child) => child.sql === null))
        return children.some((child) => child.sql === null && child.exact) ? EVERYTHING : UNKNOWN;
      return { sql: anyOf(children.map((child) => `(${child.sql!})`)), exact: children.every((child) => child.exact) };
    }
    case 'not': {
      const child = nodeFilter(node.child, !positive);
      // Only an exact condition can be negated: the complement of a superset is not one.
      if (!child.exact || child.sql === null) return UNKNOWN;
      return { sql: `NOT (${child.sql})`, exact: true };
    }
    case 'text':
      return positive ? EVERYTHING : UNKNOWN;
    case 'filter':
      if (node.filter.field === 'body') return positive ? EVERYTHING : UNKNOWN;
      return filterCondition(node.filter);
    default:
      return UNKNOWN;
  }
}
