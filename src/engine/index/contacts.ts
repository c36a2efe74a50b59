// The people of the archive ranked by how often they appear: for "with Janesh" in queries and for autocomplete.
import type { Address } from '../../shared/model/message';
import type { Catalog } from './catalog';

export interface Contact extends Address {
  /** Messages the person sent or received. */
  count: number;
}

/** An address sent from under this many names is a shared (list) address. */
const SHARED_ADDRESS_NAMES = 3;

/** Rebuilt lazily after the catalog grows; cheap enough (one pass) to redo after each import. */
export class ContactDirectory {
  private cached: Contact[] | null = null;
  private cachedSize = -1;

  constructor(private readonly catalog: Catalog) {}

  private cachedSenders: Contact[] | null = null;
  private sendersSize = -1;

  /**
   * People as they appear in From. An address used with many names is a list that rewrites From ("Jason via USRP-users
   * <usrp-users@…>"): its senders are kept by name with no address, since from: the list address would match them all.
   */
  senders(): Contact[] {
    if (this.cachedSenders && this.sendersSize === this.catalog.size) return this.cachedSenders;
    const byKey = new Map<string, Contact>();
    const namesByAddress = new Map<string, Set<string>>();
    for (let ordinal = 0; ordinal < this.catalog.size; ordinal += 1) {
      const { name, address } = this.catalog.sender(ordinal);
      if (!address && !name) continue;
      const names = namesByAddress.get(address) ?? new Set<string>();
      names.add(name.toLowerCase());
      namesByAddress.set(address, names);
      const key = `${address}\u0000${name.toLowerCase()}`;
      const existing = byKey.get(key);
      if (existing) existing.count += 1;
      else byKey.set(key, { name, address, count: 1 });
    }
    const merged = new Map<string, Contact>();
    for (const sender of byKey.values()) {
      const isShared = (namesByAddress.get(sender.address)?.size ?? 0) >= SHARED_ADDRESS_NAMES && sender.name !== '';
      const contact = isShared ? { name: sender.name, address: '', count: sender.count } : sender;
      const key = isShared ? `\u0000${sender.name.toLowerCase()}` : sender.address;
      const existing = merged.get(key);
      if (existing) {
        existing.count += contact.count;
        if (!existing.name && contact.name) existing.name = contact.name;
      } else merged.set(key, { ...contact });
    }
    this.cachedSenders = [...merged.values()].sort((first, second) => second.count - first.count || first.name.localeCompare(second.name));
    this.sendersSize = this.catalog.size;
    return this.cachedSenders;
  }

  all(): Contact[] {
    if (this.cached && this.cachedSize === this.catalog.size) return this.cached;
    const byAddress = new Map<string, Contact>();
    const count = (person: Address): void => {
      if (!person.address) return;
      const existing = byAddress.get(person.address);
      if (existing) {
        existing.count += 1;
        if (!existing.name && person.name) existing.name = person.name;
      } else byAddress.set(person.address, { name: person.name, address: person.address, count: 1 });
    };
    for (let ordinal = 0; ordinal < this.catalog.size; ordinal += 1) {
      count(this.catalog.sender(ordinal));
      this.catalog.recipients(ordinal, 'to').forEach(count);
      this.catalog.recipients(ordinal, 'cc').forEach(count);
    }
    this.cached = [...byAddress.values()].sort((first, second) => second.count - first.count || first.address.localeCompare(second.address));
    this.cachedSize = this.catalog.size;
    return this.cached;
  }
}
