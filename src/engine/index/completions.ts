// Autocomplete values from the archive (contacts, folders, labels, collections, attachment names), rebuilt as it grows.
import { buildCompletionIndex, type CompletionIndex } from '../../shared/query/completionIndex';
import type { Catalog } from './catalog';
import type { ContactDirectory } from './contacts';

function counted(names: Iterable<string>): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}

export class Completions {
  private index: CompletionIndex | null = null;
  private indexedSize = -1;

  constructor(
    private readonly catalog: Catalog,
    private readonly contacts: ContactDirectory,
  ) {}

  current(): CompletionIndex {
    if (this.index && this.indexedSize === this.catalog.size) return this.index;
    const entries = this.catalog.entries;
    this.index = buildCompletionIndex({
      contacts: this.contacts.all(),
      senders: this.contacts.senders(),
      folders: counted(entries.map((entry) => entry.row.folder)),
      labels: counted(entries.flatMap((entry) => entry.labels)),
      collections: counted(entries.map((entry) => entry.row.sourceId)),
      attachments: counted(entries.flatMap((entry) => entry.attachments.map((attachment) => attachment.filename))),
      lists: counted(entries.map((entry) => entry.row.listId)),
      categories: counted(entries.flatMap((entry) => entry.labels.filter((label) => /^category /i.test(label)).map((label) => label.slice(9)))),
    });
    this.indexedSize = this.catalog.size;
    return this.index;
  }
}
