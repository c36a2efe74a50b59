// The people of the archive ranked by how often they appear: for "with Janesh" in queries and for autocomplete.
import type { Address } from '../../shared/model/message';
import { recipients, type Catalog } from './catalog';

export interface Contact extends Address {
  /** Messages the person sent or received. */
  count: number;
}

/** Rebuilt lazily after the catalog grows; cheap enough (one pass) to redo after each import. */
export class ContactDirectory {
  private cached: Contact[] | null = null;
  private cachedSize = -1;

  constructor(private readonly catalog: Catalog) {}

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
    for (const entry of this.catalog.entries) {
      count({ name: entry.row.fromName, address: entry.row.fromAddress });
      recipients(entry, 'to').forEach(count);
      recipients(entry, 'cc').forEach(count);
    }
    this.cached = [...byAddress.values()].sort((first, second) => second.count - first.count || first.address.localeCompare(second.address));
    this.cachedSize = this.catalog.size;
    return this.cached;
  }
}
