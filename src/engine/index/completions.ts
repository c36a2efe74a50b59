// Autocomplete values from the archive (contacts, folders, labels, collections, attachment names), kept as it grows.
import type { CompletionIndex } from '../../shared/query/completionIndex';
import { decodeAttachments } from '../store/recordColumns';
import type { Catalog } from './catalog';
import type { ContactDirectory } from './contacts';
import { labelSetOf } from './labelSet';
import { isWeighedSet, LayeredValues, type WeighedEntry, type WeighedSet } from './layeredCompletions';

/** The value sets counted from the catalog's columns; contacts and senders are counted by the ContactDirectory. */
type CountedSet = Exclude<WeighedSet, 'contacts' | 'senders'>;
const COUNTED_SETS: readonly CountedSet[] = ['folders', 'labels', 'collections', 'attachments', 'lists', 'categories'];

/**
 * While the archive grows, the values are brought up to date again only after this many times the last update took,
 * so typing during a big import spends at most a small share of the engine's time on values a batch barely changed.
 */
const REBUILD_SPACING = 10;
/**
 * The whole index is built again once the values that changed since it was built are this share of it: until then an
 * update indexes only them (see LayeredValues), which after each batch of an import into a 100k-message archive
 * took milliseconds where building the whole index again took 0.4 s of the engine's thread.
 */
const WHOLE_AGAIN_AT = 0.5;

interface Counted {
  name: string;
  count: number;
}

/**
 * A counted entry is replaced, never changed, when counted again: one handed out stays as it was, so the layered
 * index tells the unchanged ones by identity (see LayeredValues.updated).
 */
function countInto(counts: Map<string, Counted>, name: string, times = 1): void {
  if (name) counts.set(name, { name, count: (counts.get(name)?.count ?? 0) + times });
}

function entries(counts: Map<string, Counted>): Counted[] {
  return [...counts.values()];
}

/** One set's values as last indexed, and when. */
interface SetState {
  values: LayeredValues;
  indexedSize: number;
  indexedAmendments: number;
  builtAt: number;
  buildMs: number;
}

/**
 * Counts are carried forward from where the last count stopped (the catalog only appends), so a batch of an import
 * costs its own rows, not the archive's; a row whose labels were replaced sends the counts back to a whole recount.
 * Each set is indexed when it is first asked for and brought up to date when it is asked for again, with the values
 * that changed (see LayeredValues): `from:` never waits for folders or attachment names, and the first `from:` after
 * opening a large archive indexed every set's values (most of a second at 300k messages) where it needs the senders'.
 */
export class Completions {
  private readonly states = new Map<WeighedSet, SetState>();
  private readonly index: CompletionIndex = {
    lookup: (set, prefix, limit) => (isWeighedSet(set) ? this.values(set).lookup(prefix, limit) : []),
    has: (set) => isWeighedSet(set),
  };

  private counts = new Map<CountedSet, Map<string, Counted>>();
  private countedSize = 0;
  private countedAmendments = 0;

  constructor(
    private readonly catalog: Catalog,
    private readonly contacts: ContactDirectory,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.resetCounts();
  }

  /** The values of every set, each indexed at its first look-up. */
  current(): CompletionIndex {
    return this.index;
  }

  /** One set's values, up to date with the catalog, or as of its last update while updates would come too often. */
  values(set: WeighedSet): LayeredValues {
    const catalog = this.catalog;
    const state = this.states.get(set);
    if (state && state.indexedSize === catalog.size && state.indexedAmendments === catalog.labelAmendments) return state.values;
    if (state && this.now() - state.builtAt < state.buildMs * REBUILD_SPACING) return state.values;
    const started = this.now();
    const entries = this.entriesOf(set);
    const isWhole = state === undefined || state.values.recentSize > state.values.baseSize * WHOLE_AGAIN_AT;
    const values = isWhole ? LayeredValues.whole(set, entries) : state.values.updated(entries);
    const builtAt = this.now();
    // A whole build is rare and spaces nothing: the next update, which indexes only what changed, comes at once.
    this.states.set(set, {
      values,
      indexedSize: catalog.size,
      indexedAmendments: catalog.labelAmendments,
      builtAt,
      buildMs: isWhole ? 0 : builtAt - started,
    });
    return values;
  }

  private entriesOf(set: WeighedSet): readonly WeighedEntry[] {
    if (set === 'contacts') return this.contacts.all();
    if (set === 'senders') return this.contacts.senders();
    this.countNewRows();
    return entries(this.countsOf(set));
  }

  private countsOf(set: CountedSet): Map<string, Counted> {
    return this.counts.get(set)!;
  }

  private resetCounts(): void {
    this.counts = new Map(COUNTED_SETS.map((set) => [set, new Map<string, Counted>()]));
    this.countedSize = 0;
  }

  private countNewRows(): void {
    const catalog = this.catalog;
    if (this.countedAmendments !== catalog.labelAmendments || this.countedSize > catalog.size) this.resetCounts();
    this.countedAmendments = catalog.labelAmendments;
    if (this.countedSize === 0) this.countWhole();
    const [folders, labels, collections, attachments, lists, categories] = COUNTED_SETS.map((set) => this.countsOf(set));
    for (let ordinal = this.countedSize; ordinal < catalog.size; ordinal += 1) {
      countInto(folders!, catalog.folder(ordinal));
      countInto(collections!, catalog.sourceId(ordinal));
      countInto(lists!, catalog.listId(ordinal));
      for (const label of catalog.labels(ordinal)) {
        countInto(labels!, label);
        if (/^category /i.test(label)) countInto(categories!, label.slice(9));
      }
      for (const attachment of catalog.attachments(ordinal)) countInto(attachments!, attachment.filename);
    }
    this.countedSize = catalog.size;
  }

  /**
   * The first count, over the whole catalog, by distinct value: reading each message's folder, labels and attachment
   * names took a large archive's first `in:` or `filename:` most of a second (issue 25). Attachment lists a snapshot
   * did not hold (mail added or changed since) are read message by message.
   */
  private countWhole(): void {
    const catalog = this.catalog;
    const size = catalog.size;
    for (const [set, field] of [
      ['folders', 'folder'],
      ['collections', 'sourceId'],
      ['lists', 'listId'],
    ] as const)
      for (const [name, count] of catalog.valueCounts(field, size)!) countInto(this.countsOf(set), name, count);
    for (const [json, count] of catalog.valueCounts('labels', size)!)
      for (const label of labelSetOf(json).labels) {
        countInto(this.countsOf('labels'), label, count);
        if (/^category /i.test(label)) countInto(this.countsOf('categories'), label.slice(9), count);
      }
    const attachments = this.countsOf('attachments');
    const attachmentLists = catalog.valueCounts('attachments', size);
    if (attachmentLists === null)
      for (let ordinal = 0; ordinal < size; ordinal += 1)
        for (const attachment of catalog.attachments(ordinal)) countInto(attachments, attachment.filename);
    else
      for (const [json, count] of attachmentLists)
        for (const attachment of decodeAttachments(json)) countInto(attachments, attachment.filename, count);
    this.countedSize = size;
  }
}
