// Autocomplete values from the archive (contacts, folders, labels, collections, attachment names), kept as it grows.
import type { CompletionIndex } from '../../shared/query/completionIndex';
import type { Catalog } from './catalog';
import type { ContactDirectory } from './contacts';
import { LayeredCompletions, type WeighedSource } from './layeredCompletions';

/** The value sets counted from the catalog's columns; contacts and senders are counted by the ContactDirectory. */
type CountedSet = 'folders' | 'labels' | 'collections' | 'attachments' | 'lists' | 'categories';
const COUNTED_SETS: readonly CountedSet[] = ['folders', 'labels', 'collections', 'attachments', 'lists', 'categories'];

/**
 * While the archive grows, the values are brought up to date again only after this many times the last update took,
 * so typing during a big import spends at most a small share of the engine's time on values a batch barely changed.
 */
const REBUILD_SPACING = 10;
/**
 * The whole index is built again once the values that changed since it was built are this share of it: until then an
 * update indexes only them (see LayeredCompletions), which after each batch of an import into a 100k-message archive
 * took milliseconds where building the whole index again took 0.4 s of the engine's thread.
 */
const WHOLE_AGAIN_AT = 0.5;

interface Counted {
  name: string;
  count: number;
}

/**
 * A counted entry is replaced, never changed, when counted again: one handed out stays as it was, so the layered
 * index tells the unchanged ones by identity (see LayeredCompletions.updated).
 */
function countInto(counts: Map<string, Counted>, name: string): void {
  if (name) counts.set(name, { name, count: (counts.get(name)?.count ?? 0) + 1 });
}

function entries(counts: Map<string, Counted>): Counted[] {
  return [...counts.values()];
}

/**
 * Counts are carried forward from where the last count stopped (the catalog only appends), so a batch of an import
 * costs its own rows, not the archive's; a row whose labels were replaced sends the counts back to a whole recount.
 * The index is updated with the values that changed (see LayeredCompletions) rather than built again.
 */
export class Completions {
  private index: LayeredCompletions | null = null;
  private indexedSize = -1;
  private builtAt = 0;
  private buildMs = 0;

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

  current(): CompletionIndex {
    const size = this.catalog.size;
    if (this.index && this.indexedSize === size && this.countedAmendments === this.catalog.labelAmendments) return this.index;
    if (this.index && this.now() - this.builtAt < this.buildMs * REBUILD_SPACING) return this.index;
    const started = this.now();
    this.countNewRows();
    const source: WeighedSource = {
      contacts: this.contacts.all(),
      senders: this.contacts.senders(),
      folders: entries(this.countsOf('folders')),
      labels: entries(this.countsOf('labels')),
      collections: entries(this.countsOf('collections')),
      attachments: entries(this.countsOf('attachments')),
      lists: entries(this.countsOf('lists')),
      categories: entries(this.countsOf('categories')),
    };
    const last = this.index;
    const isWhole = last === null || last.recentSize > last.baseSize * WHOLE_AGAIN_AT;
    this.index = isWhole ? LayeredCompletions.whole(source) : last.updated(source);
    this.indexedSize = size;
    this.builtAt = this.now();
    // A whole build is rare and spaces nothing: the next update, which indexes only what changed, comes at once.
    this.buildMs = isWhole ? 0 : this.builtAt - started;
    return this.index;
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
}
