// Counts a search's matches by sender, recipient, folder or label, year and kind of attachment, from the catalog's columns.
import type { Facet, FacetValue, TimelineBucket } from '../../shared/model/timeline';
import type { AttachmentKind } from '../../shared/query/ast';
import { ATTACHMENT_KINDS, WHOLE_PATH } from '../../shared/query/grammar';
import { quoteValue } from '../../shared/query/quoteValue';
import type { Catalog } from '../index/catalog';
import type { ValueColumn } from '../index/valueColumn';
import { filterMatches } from './matchFilter';

/** Values shown per facet (years and attachment kinds are few and all shown). */
const SHOWN_VALUES = 8;

const KIND_TITLES: Record<AttachmentKind, string> = {
  attachment: 'Any attachment',
  pdf: 'PDF',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
  presentation: 'Presentation',
  image: 'Image',
};

/** A distinct value of a column among the matches: how many have it, and one that does (to read the value from). */
interface Tally {
  count: number;
  ordinal: number;
}

/**
 * Matches per distinct value of a column: a sender or a recipient list is shared by many messages, so the value is
 * read and parsed once per distinct value, not once per message.
 */
function tallyColumn(ordinals: readonly number[], column: ValueColumn): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  for (const ordinal of ordinals) {
    const number = column.numberAt(ordinal);
    const tally = tallies.get(number);
    if (tally) tally.count += 1;
    else tallies.set(number, { count: 1, ordinal });
  }
  return tallies;
}

/** Adds `count` to each of `keys` (each once), keeping the first label seen for a key. */
function addTo(
  totals: Map<string, { label: string; count: number }>,
  entries: Iterable<[key: string, label: string]>,
  count: number,
): void {
  for (const [key, label] of entries) {
    const total = totals.get(key);
    if (total) total.count += count;
    else totals.set(key, { label, count });
  }
}

function facet(
  kind: Facet['kind'],
  title: string,
  totals: Map<string, { label: string; count: number }>,
  operator: (key: string) => string,
): Facet {
  const values: FacetValue[] = [...totals.entries()]
    .sort(([firstKey, first], [secondKey, second]) => second.count - first.count || (firstKey < secondKey ? -1 : 1))
    .slice(0, SHOWN_VALUES)
    .map(([key, total]) => ({ label: total.label, count: total.count, operator: operator(key) }));
  return { kind, title, values, distinct: totals.size };
}

function senders(ordinals: readonly number[], catalog: Catalog): Facet {
  const totals = new Map<string, { label: string; count: number }>();
  for (const tally of tallyColumn(ordinals, catalog.columns.from).values()) {
    const address = catalog.sender(tally.ordinal).address.toLowerCase();
    if (address !== '') addTo(totals, [[address, address]], tally.count);
  }
  return facet('senders', 'Senders', totals, (address) => `from:${quoteValue(address)}`);
}

/**
 * Per catalog, each distinct To list's addresses by its number in the To column: a list is parsed from its JSON once,
 * not at every timeline (at 33k messages parsing the distinct lists was nearly all of a timeline of all mail). A
 * column's numbers never change meaning, so the lists stay right as mail is added.
 */
const toListsByCatalog = new WeakMap<Catalog, Map<number, string[]>>();

function toAddresses(catalog: Catalog, number: number, ordinal: number): string[] {
  let lists = toListsByCatalog.get(catalog);
  if (!lists) toListsByCatalog.set(catalog, (lists = new Map()));
  let addresses = lists.get(number);
  if (!addresses) {
    const distinct = new Set(catalog.recipients(ordinal, 'to').map((recipient) => recipient.address.toLowerCase()));
    distinct.delete('');
    addresses = [...distinct];
    lists.set(number, addresses);
  }
  return addresses;
}

function recipients(ordinals: readonly number[], catalog: Catalog): Facet {
  const totals = new Map<string, { label: string; count: number }>();
  // To only, not Cc: the count is what a click on it (to:address) then finds.
  for (const [number, tally] of tallyColumn(ordinals, catalog.columns.to)) {
    addTo(
      totals,
      toAddresses(catalog, number, tally.ordinal).map((address) => [address, address]),
      tally.count,
    );
  }
  return facet('recipients', 'Recipients', totals, (address) => `to:${quoteValue(address)}`);
}

/**
 * Folders and labels by their whole path's place key, each message once per place, which is what `in:"/path"` (a
 * whole path: that folder or label, not its subfolders) finds. Messages are grouped by folder and label list first:
 * an archive has few of either.
 */
function places(ordinals: readonly number[], catalog: Catalog): Facet {
  const groups = new Map<number, Map<readonly string[], Tally>>();
  for (const ordinal of ordinals) {
    const folder = catalog.columns.folderKey.numberAt(ordinal);
    const labels = catalog.labelKeys(ordinal);
    let byLabels = groups.get(folder);
    if (!byLabels) groups.set(folder, (byLabels = new Map()));
    const tally = byLabels.get(labels);
    if (tally) tally.count += 1;
    else byLabels.set(labels, { count: 1, ordinal });
  }
  const totals = new Map<string, { label: string; count: number }>();
  for (const byLabels of groups.values()) {
    for (const [keys, tally] of byLabels) {
      const names = new Map<string, string>();
      const folderKey = catalog.columns.folderKey.valueAt(tally.ordinal);
      if (folderKey !== '') names.set(folderKey, catalog.folder(tally.ordinal));
      const labels = catalog.labels(tally.ordinal);
      keys.forEach((key, index) => {
        if (key !== '' && !names.has(key)) names.set(key, labels[index]!);
      });
      addTo(totals, names, tally.count);
    }
  }
  const operators = new Map([...totals.entries()].map(([key, total]) => [key, `in:${quoteValue(`${WHOLE_PATH}${total.label}`)}`]));
  return facet('places', 'Folders and labels', totals, (key) => operators.get(key)!);
}

function years(yearBars: readonly TimelineBucket[]): Facet {
  const values = yearBars
    .filter((bar) => bar.count > 0)
    .map((bar): FacetValue => ({ label: bar.label, count: bar.count, operator: `date:${bar.label}` }));
  return { kind: 'years', title: 'Years', values, distinct: values.length };
}

/** Per catalog, which messages have each kind of attachment: the same for every query, so worked out once per catalog size. */
const kindsByCatalog = new WeakMap<Catalog, { size: number; bits: Map<AttachmentKind, Uint8Array> }>();

function kindBits(catalog: Catalog): Map<AttachmentKind, Uint8Array> {
  const known = kindsByCatalog.get(catalog);
  if (known && known.size === catalog.size) return known.bits;
  const bits = new Map(ATTACHMENT_KINDS.map((kind) => [kind, filterMatches({ field: 'has', value: kind }, catalog)] as const));
  kindsByCatalog.set(catalog, { size: catalog.size, bits });
  return bits;
}

function attachments(ordinals: readonly number[], catalog: Catalog): Facet {
  const values: FacetValue[] = [];
  for (const [kind, bits] of kindBits(catalog)) {
    let count = 0;
    for (const ordinal of ordinals) count += bits[ordinal]!;
    if (count > 0) values.push({ label: KIND_TITLES[kind], count, operator: `has:${kind}` });
  }
  return { kind: 'attachments', title: 'Attachments', values, distinct: values.length };
}

/** Every facet of the matches; `yearBars` are the matches counted by calendar year (see countBars). */
export function countFacets(ordinals: readonly number[], catalog: Catalog, yearBars: readonly TimelineBucket[]): Facet[] {
  return [
    senders(ordinals, catalog),
    recipients(ordinals, catalog),
    places(ordinals, catalog),
    years(yearBars),
    attachments(ordinals, catalog),
  ];
}
