// Where the rows added since the id index last covered the table sit, so reading them by id takes them by place.
import type { Table } from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';

/**
 * A read by id (`id IN (...)`) finds the rows the id index covers by the index, and the rest by reading the id column
 * of every row added since the index was last brought up to date: the rows an import is adding. During an import of
 * usrp-users into the 100k-message store that scan grew to 100–600 ms a read (a search reads twice or three times),
 * and at 10,000 rows past the index it took 88 ms where reading the same rows by place took 5 ms. The store notes the
 * place of every row it adds until a merge brings the index up to date, and reads those rows by place.
 */
/**
 * Places noted at most: the newest rows' (a search most often shows new mail). An import of a million messages adds
 * them all before its merge, and a place by id for each would hold tens of megabytes; the older are read as before.
 */
const MOST_PLACES = 200_000;

export class AddedRowPlaces {
  private readonly places = new Map<string, number>();

  constructor(private readonly mostPlaces = MOST_PLACES) {}

  /** Notes that these rows, in this order, were added at `firstPlace` and after; forgets the oldest past the bound. */
  note(ids: readonly string[], firstPlace: number): void {
    ids.forEach((id, index) => this.places.set(id, firstPlace + index));
    if (this.places.size <= this.mostPlaces) return;
    for (const id of this.places.keys()) {
      this.places.delete(id);
      if (this.places.size <= this.mostPlaces) return;
    }
  }

  /** Forgets every place: the index now covers the rows, or a write may have moved them. */
  forget(): void {
    this.places.clear();
  }

  /**
   * The rows at the places of the ids whose place it knows, read with `columns` (which must include `id`), or null when
   * it knows none. A write that moved rows leaves other rows at some places: the caller keeps the rows of the ids it
   * asked for and reads the rest as any other.
   */
  async take(table: Table, ids: readonly string[], columns: readonly string[]): Promise<ArrowTable | null> {
    const places: number[] = [];
    for (const id of ids) {
      const place = this.places.get(id);
      if (place !== undefined) places.push(place);
    }
    if (places.length === 0) return null;
    return table
      .takeOffsets(places)
      .select([...columns])
      .toArrow();
  }
}
