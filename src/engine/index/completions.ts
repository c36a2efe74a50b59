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
    const catalog = this.catalog;
    const ordinals = Array.from({ length: catalog.size }, (_, ordinal) => ordinal);
    this.index = buildCompletionIndex({
      contacts: this.contacts.all(),
      senders: this.contacts.senders(),
      folders: counted(ordinals.map((ordinal) => catalog.folder(ordinal))),
      labels: counted(ordinals.flatMap((ordinal) => catalog.labels(ordinal))),
      collections: counted(ordinals.map((ordinal) => catalog.sourceId(ordinal))),
      attachments: counted(ordinals.flatMap((ordinal) => catalog.attachments(ordinal).map((attachment) => attachment.filename))),
      lists: counted(ordinals.map((ordinal) => catalog.listId(ordinal))),
      categories: counted(
        ordinals.flatMap((ordinal) =>
          catalog
            .labels(ordinal)
            .filter((label) => /^category /i.test(label))
            .map((label) => label.slice(9)),
        ),
      ),
    });
    this.indexedSize = this.catalog.size;
    return this.index;
  }
}
