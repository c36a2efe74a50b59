// The people of the archive as they appear in From, counted and ranked as the catalog grows: only the senders of the
// messages added since the last count are counted and re-placed in the ranking.
import type { Catalog } from './catalog';
import type { Contact } from './contacts';
import { reranked } from './rankedList';

/** An address sent from under this many names is a shared (list) address. */
const SHARED_ADDRESS_NAMES = 3;

/** The default collator `localeCompare` makes at each call, made once: the same order, without making one per comparison. */
const byLocale = new Intl.Collator().compare;

/**
 * Most messages first, then by name, then by address (a shared address's senders have none): no two senders rank
 * alike, so re-placing the changed ones gives the list a whole sort would (see rankedList.ts).
 */
function byRank(first: Contact, second: Contact): number {
  return (
    second.count - first.count ||
    byLocale(first.name, second.name) ||
    (first.address < second.address ? -1 : first.address > second.address ? 1 : 0) ||
    (first.name < second.name ? -1 : first.name > second.name ? 1 : 0)
  );
}

/**
 * An address used with many names is a list that rewrites From ("Jason via USRP-users <usrp-users@…>"): its senders
 * are kept by name with no address, since from: the list address would match them all. Merging and sorting every
 * sender again after each batch of an import took up to half a second of the engine's thread at 100k messages while
 * autocomplete waited (issue 25); now a batch counts its own senders, and only an address turning shared (a list's
 * first few messages) merges them all again.
 */
export class CountedSenders {
  /**
   * Each address's names (told apart in lower case, kept as first spelled) and their counts over the first `counted`
   * messages: one for most addresses. A string key of address and lower-cased name per sender, and a list of names per
   * address beside it, were most of the heap the senders kept, and making a key per message most of their first count.
   */
  private readonly namesByAddress = new Map<string, Contact | Contact[]>();
  /** The same senders in the order they first came, the order they are merged in. */
  private inOrder: Contact[] = [];
  private counted = 0;
  /** The senders merged (shared addresses' by name), by their key, and ranked; never changed once handed out. */
  private merged = new Map<string, Contact>();
  private ranked: Contact[] = [];
  /**
   * Whether the counts are kept to count on from, which only a catalog that grew after a count does: an engine that
   * reads an archive keeps the ranked senders alone, and one that imports counts them all once more at its first growth.
   */
  private isGrowing = false;

  constructor(private readonly catalog: Catalog) {}

  /** Every sender counted over the catalog, the most messages first. */
  all(): Contact[] {
    const size = this.catalog.size;
    if (this.counted === size) return this.ranked;
    if (this.counted > 0 && !this.isGrowing) {
      this.isGrowing = true;
      this.counted = 0;
    }
    const from = this.counted;
    let hasNewShared = false;
    for (; this.counted < size; this.counted += 1) {
      const { name, address } = this.catalog.sender(this.counted);
      if (!address && !name) continue;
      if (this.countSender(address, name)) hasNewShared = true;
    }
    if (hasNewShared || from === 0) this.mergeAll();
    else this.mergeFrom(from, size);
    if (!this.isGrowing) this.forgetCounts();
    return this.ranked;
  }

  private forgetCounts(): void {
    this.namesByAddress.clear();
    this.inOrder = [];
    this.merged = new Map();
  }

  /** Counts a message from `name` at `address`; true when that makes the address shared. */
  private countSender(address: string, name: string): boolean {
    const names = this.namesByAddress.get(address);
    // The catalog hands the same string for the same name, so most messages match their sender without a lower case.
    if (names !== undefined && !Array.isArray(names) && names.name === name) {
      names.count += 1;
      return false;
    }
    const known = names === undefined ? [] : Array.isArray(names) ? names : [names];
    const lower = name.toLowerCase();
    const same = known.find((sender) => sender.name === name) ?? known.find((sender) => sender.name.toLowerCase() === lower);
    if (same) {
      same.count += 1;
      return false;
    }
    const sender = { name, address, count: 1 };
    this.inOrder.push(sender);
    this.namesByAddress.set(address, names === undefined ? sender : [...known, sender]);
    return known.length + 1 === SHARED_ADDRESS_NAMES;
  }

  private isShared(sender: Contact): boolean {
    const names = this.namesByAddress.get(sender.address);
    const count = names === undefined ? 0 : Array.isArray(names) ? names.length : 1;
    return count >= SHARED_ADDRESS_NAMES && sender.name !== '';
  }

  /** Where a sender is merged: a shared address's senders by name, the others by address. */
  private mergedKey(sender: Contact): string {
    return this.isShared(sender) ? `\u0000${sender.name.toLowerCase()}` : sender.address;
  }

  private mergeAll(): void {
    const merged = new Map<string, Contact>();
    for (const sender of this.inOrder) {
      const key = this.mergedKey(sender);
      const existing = merged.get(key);
      if (existing) {
        existing.count += sender.count;
        if (!existing.name && sender.name) existing.name = sender.name;
      } else merged.set(key, { name: sender.name, address: this.isShared(sender) ? '' : sender.address, count: sender.count });
    }
    this.merged = merged;
    this.ranked = [...merged.values()].sort(byRank);
  }

  /**
   * Counts the messages `from`..`to` into the merged senders, no address having turned shared meanwhile: each merged
   * sender they changed is replaced by a new one (a list handed out keeps its counts) and re-placed in the ranking.
   */
  private mergeFrom(from: number, to: number): void {
    const replaced = new Set<Contact>();
    const changed = new Map<string, Contact>();
    for (let ordinal = from; ordinal < to; ordinal += 1) {
      const { name, address } = this.catalog.sender(ordinal);
      if (!address && !name) continue;
      const sender = { name, address, count: 1 };
      const key = this.mergedKey(sender);
      let current = changed.get(key);
      if (current === undefined) {
        const existing = this.merged.get(key);
        if (existing) replaced.add(existing);
        current = existing ? { ...existing } : { name, address: this.isShared(sender) ? '' : address, count: 0 };
        changed.set(key, current);
        this.merged.set(key, current);
      }
      current.count += 1;
      if (!current.name && name) current.name = name;
    }
    this.ranked = reranked(this.ranked, (sender) => replaced.has(sender), [...changed.values()], byRank);
  }
}
