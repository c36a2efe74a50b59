// The people of the archive ranked by how often they appear: for "with Janesh" in queries and for autocomplete.
import { recipientsReader } from './recipientsReader';
import type { Address } from '../../shared/model/message';
import type { Catalog } from './catalog';
import { reranked } from './rankedList';
import { CountedSenders } from './countedSenders';
import type { SavedContacts } from './savedContacts';

export interface Contact extends Address {
  /** Messages the person sent or received. */
  count: number;
}

/**
 * Contacts counted when a catalog's snapshot was saved, for the catalog read from it (see savedContacts.ts): a
 * directory starts from them, so an engine opened for one command never counts every message's people. Read when a
 * directory first needs them: a search asks only for a query naming someone ("with Janesh"), and reading them at
 * every open was a noticeable part of a whole `lantern search` (issue 25).
 */
const savedByCatalog = new WeakMap<Catalog, () => SavedContacts | null>();

export function startContactsFrom(catalog: Catalog, readSaved: () => SavedContacts | null): void {
  savedByCatalog.set(catalog, readSaved);
}

/** Most messages first; an address is unique, so no two contacts rank alike. */
function byRank(first: Contact, second: Contact): number {
  return second.count - first.count || first.address.localeCompare(second.address);
}

/**
 * Counted as the catalog grows (it only ever appends), from where the last count stopped: every search asks for the
 * contacts (plain-English "from Anna" needs them), and recounting a million messages' people after each import batch
 * made searches during an import take seconds each (bench/measured-reasons.md).
 */
export class ContactDirectory {
  /**
   * Everyone by address, and how many messages of the first `countedAll` they are in: made from `cached` when messages
   * come to be counted, so an engine whose catalog does not grow keeps one copy of its saved contacts, not two.
   */
  private byAddressMap: Map<string, Contact> | null = new Map();
  private countedAll = 0;
  private cached: readonly Contact[] | null = null;

  /** The people of From, counted apart (see countedSenders.ts). */
  private readonly countedSenders: CountedSenders;

  constructor(private readonly catalog: Catalog) {
    this.countedSenders = new CountedSenders(catalog);
  }

  /**
   * People as they appear in From. An address used with many names is a list that rewrites From ("Jason via USRP-users
   * <usrp-users@…>"): its senders are kept by name with no address, since from: the list address would match them all.
   */
  senders(): Contact[] {
    return this.countedSenders.all();
  }

  all(): readonly Contact[] {
    if (this.countedAll === 0) this.startFromSaved();
    if (this.cached && this.countedAll === this.catalog.size) return this.cached;
    const changed = new Set<string>();
    const byAddress = this.byAddress();
    const count = (person: Address): void => {
      if (!person.address) return;
      changed.add(person.address);
      const existing = byAddress.get(person.address);
      if (existing) {
        existing.count += 1;
        if (!existing.name && person.name) existing.name = person.name;
      } else byAddress.set(person.address, { name: person.name, address: person.address, count: 1 });
    };
    const recipients = recipientsReader(this.catalog);
    for (; this.countedAll < this.catalog.size; this.countedAll += 1) {
      count(this.catalog.sender(this.countedAll));
      recipients(this.countedAll, 'to').forEach(count);
      recipients(this.countedAll, 'cc').forEach(count);
    }
    // Copies, so a list handed out earlier keeps the counts it was made with; only the people just counted changed.
    this.cached =
      this.cached === null
        ? [...byAddress.values()].map((contact) => ({ ...contact })).sort(byRank)
        : reranked(
            this.cached,
            (contact) => changed.has(contact.address),
            [...changed].map((address) => ({ ...byAddress.get(address)! })),
            byRank,
          );
    return this.cached;
  }

  /** Everyone counted so far and over how many messages, to save with the catalog's snapshot. */
  counted(): SavedContacts {
    return { contacts: this.all(), counted: this.countedAll };
  }

  /** The counts by address, made from the list handed out when the saved contacts were started from. */
  private byAddress(): Map<string, Contact> {
    this.byAddressMap ??= new Map(this.cached!.map((contact) => [contact.address, { ...contact }]));
    return this.byAddressMap;
  }

  private startFromSaved(): void {
    const saved = savedByCatalog.get(this.catalog)?.() ?? null;
    if (!saved || saved.counted > this.catalog.size) return;
    this.countedAll = saved.counted;
    // Saved in the order all() gives: nothing to sort, and only the people of messages that came since to re-place.
    // Handed out as they are: a directory never changes a contact it handed out (it counts on copies).
    this.cached = saved.contacts;
    this.byAddressMap = null;
  }
}
