// Copies' sender-and-subject keys (see senderSubjectKey) as numbers, each distinct stored address and subject read and
// evened out once per catalog rather than once per message keyed.
import type { Catalog } from '../index/catalog';

/** Above any number of distinct subjects an archive holds: a key is address * SUBJECT_SPAN + subject, exact in a double. */
const SUBJECT_SPAN = 2 ** 26;

/** What copies of one mail share, as senderSubjectKey evens them out: the address's case, the subject's spaces. */
function addressKey(address: string): string {
  return address.toLowerCase();
}

function subjectKey(subject: string): string {
  return subject.replace(/\s+/g, ' ').trim();
}

/**
 * Numbers standing for the evened-out values, by the catalog's number of the stored value: 0 until first met, else
 * the evened-out value's number plus one. Stored values differing only in case or spaces get the same number.
 */
class EvenedValues {
  private byStored = new Int32Array(0);
  private readonly numberOf = new Map<string, number>();

  /** The number for the catalog's stored value `stored`, or -1 while it has not been noted. */
  known(stored: number): number {
    return (this.byStored[stored] ?? 0) - 1;
  }

  /** Notes the stored value `stored` as `value` evened out, and gives its number. */
  note(stored: number, value: string): number {
    if (stored >= this.byStored.length) {
      const larger = new Int32Array(Math.max(stored + 1, this.byStored.length * 2));
      larger.set(this.byStored);
      this.byStored = larger;
    }
    let number = this.numberOf.get(value);
    if (number === undefined) {
      number = this.numberOf.size;
      this.numberOf.set(value, number);
    }
    this.byStored[stored] = number + 1;
    return number;
  }
}

/**
 * Keys of one catalog's messages: equal keys, equal senderSubjectKey. A catalog's numbers of stored values never
 * change (it only gains messages), so what is worked out stays right as an import adds mail. Keying each match by its
 * strings took a search during an import 0.4 s for a sender's 20k messages at 100k (issue 25): the lower-casing, the
 * spaces' replacement and the key's string, per message.
 */
export class SenderSubjectKeys {
  private readonly addresses = new EvenedValues();
  private readonly subjects = new EvenedValues();

  constructor(private readonly catalog: Catalog) {}

  key(ordinal: number): number {
    const catalog = this.catalog;
    const storedAddress = catalog.senderAddressNumber(ordinal);
    let address = this.addresses.known(storedAddress);
    if (address < 0) address = this.addresses.note(storedAddress, addressKey(catalog.sender(ordinal).address));
    const storedSubject = catalog.subjectNumber(ordinal);
    let subject = this.subjects.known(storedSubject);
    if (subject < 0) subject = this.subjects.note(storedSubject, subjectKey(catalog.subject(ordinal)));
    if (subject >= SUBJECT_SPAN) throw new Error(`copies: more than ${SUBJECT_SPAN} distinct subjects to key`);
    return address * SUBJECT_SPAN + subject;
  }
}

const keysByCatalog = new WeakMap<Catalog, SenderSubjectKeys>();

/** The catalog's keys, kept for as long as it lives. */
export function senderSubjectKeysOf(catalog: Catalog): SenderSubjectKeys {
  let keys = keysByCatalog.get(catalog);
  if (keys === undefined) {
    keys = new SenderSubjectKeys(catalog);
    keysByCatalog.set(catalog, keys);
  }
  return keys;
}
