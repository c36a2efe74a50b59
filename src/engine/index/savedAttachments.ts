// A catalog snapshot's attachment lists, parsed when asked for: each distinct list once, shared by the messages that
// have it (readers only read them; a changed list replaces the message's whole list, see Catalog.setAttachments).
import type { AttachmentInfo } from '../../shared/model/message';
import { decodeAttachments } from '../store/messageRecord';
import type { ValueColumn } from './valueColumn';

export class SavedAttachments {
  private readonly parsed: (AttachmentInfo[] | undefined)[] = [];

  /** `none` is the list shared by every message without attachments. */
  constructor(
    private readonly column: ValueColumn,
    private readonly none: AttachmentInfo[],
  ) {}

  at(ordinal: number): AttachmentInfo[] {
    const number = this.column.numberAt(ordinal);
    let list = this.parsed[number];
    if (list === undefined) {
      const json = this.column.valueAt(ordinal);
      list = json === '[]' ? this.none : decodeAttachments(json);
      if (list.length === 0) list = this.none;
      this.parsed[number] = list;
    }
    return list;
  }

  /** How many of the first `length` messages have each distinct list, as its saved JSON. */
  counts(length: number): Map<string, number> {
    return this.column.counts(length);
  }
}
