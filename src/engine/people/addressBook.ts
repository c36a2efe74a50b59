// Every address of the catalog numbered once, with its counts, dates and names, in one pass over the catalog's columns.
import type { Address } from '../../shared/model/message';
import type { Catalog } from '../index/catalog';
import type { ValueColumn } from '../index/valueColumn';

/** An address sent from under this many names is a list that rewrites From (as ContactDirectory decides). */
const LIST_SENDER_NAMES = 3;

/** Per address (by its number), what the people view counts; per message, who is on it, by address number. */
export interface AddressBook {
  /** Lower-cased addresses, by number. */
  addresses: string[];
  /** Names written with each address, with how many messages used each. */
  names: Map<string, number>[];
  /** Messages each address sent; is on (sender or recipient); is a recipient of. */
  sent: Int32Array;
  messages: Int32Array;
  received: Int32Array;
  first: Float64Array;
  last: Float64Array;
  isList: Uint8Array;
  /** Per ordinal, the sender's address number, or -1 for mail without one. */
  senderOf: Int32Array;
  /** Per ordinal, the address numbers of its To, Cc and Bcc, each once (the sender left out). */
  recipientsOf: (ordinal: number) => Int32Array;
  /** The catalog size this book was made from. */
  size: number;
}

const NO_ADDRESSES = new Int32Array(0);

/** The distinct recipient lists of one column, each decoded once, as address numbers. */
class RecipientLists {
  private readonly lists: (Int32Array | undefined)[] = [];
  /** Messages using each list, for weighting the names it carries. */
  readonly uses: number[] = [];
  readonly decoded: Address[][] = [];

  constructor(
    private readonly column: ValueColumn,
    private readonly field: 'to' | 'cc' | 'bcc',
    private readonly catalog: Catalog,
    private readonly numberOf: (address: string) => number,
  ) {}

  of(ordinal: number): Int32Array {
    const number = this.column.numberAt(ordinal);
    let list = this.lists[number];
    if (list === undefined) {
      // The folded column numbers equal lists alike; the stored list of the first message with it is decoded once.
      const people = this.catalog.recipients(ordinal, this.field).filter((person) => person.address !== '');
      this.decoded[number] = people;
      list =
        people.length === 0 ? NO_ADDRESSES : Int32Array.from(new Set(people.map((person) => this.numberOf(person.address.toLowerCase()))));
      this.lists[number] = list;
      this.uses[number] = 0;
    }
    this.uses[number]! += 1;
    return list;
  }
}

function addName(names: Map<string, number>, name: string, count: number): void {
  const trimmed = name.trim();
  if (trimmed === '' || count === 0) return;
  names.set(trimmed, (names.get(trimmed) ?? 0) + count);
}

/** Addresses that are a list's own (List-Id "<io-uring.vger.kernel.org>" is io-uring@vger.kernel.org). */
function listAddresses(catalog: Catalog): Set<string> {
  const addresses = new Set<string>();
  // mark() tests each distinct value once; over no messages it only walks the distinct List-Ids.
  catalog.columns.listId.mark(new Uint8Array(0), (listId) => {
    const bare = listId.replace(/^.*</, '').replace(/>.*$/, '').trim();
    const dot = bare.indexOf('.');
    if (dot > 0) addresses.add(`${bare.slice(0, dot)}@${bare.slice(dot + 1)}`);
    return false;
  });
  return addresses;
}

export function buildAddressBook(catalog: Catalog): AddressBook {
  const size = catalog.size;
  const addresses: string[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (address: string): number => {
    let number = numbers.get(address);
    if (number === undefined) {
      number = addresses.length;
      addresses.push(address);
      numbers.set(address, number);
    }
    return number;
  };
  const { columns } = catalog;
  const lists = {
    to: new RecipientLists(columns.to, 'to', catalog, numberOf),
    cc: new RecipientLists(columns.cc, 'cc', catalog, numberOf),
    bcc: new RecipientLists(columns.bcc, 'bcc', catalog, numberOf),
  };
  // Senders by the from column's number: each distinct "name <address>" is read once.
  const senderByFrom: number[] = [];
  const fromUses: number[] = [];
  const fromNames: string[] = [];
  const senderOf = new Int32Array(size).fill(-1);
  const joinRecipients = recipientJoiner();
  const recipientNumbers: Int32Array[] = new Array(size);
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const fromNumber = columns.from.numberAt(ordinal);
    let sender = senderByFrom[fromNumber];
    if (sender === undefined) {
      const { name, address } = catalog.sender(ordinal);
      sender = address === '' ? -1 : numberOf(address.toLowerCase());
      senderByFrom[fromNumber] = sender;
      fromNames[fromNumber] = name;
      fromUses[fromNumber] = 0;
    }
    fromUses[fromNumber]! += 1;
    senderOf[ordinal] = sender;
    const to = lists.to.of(ordinal);
    const cc = lists.cc.of(ordinal);
    const bcc = lists.bcc.of(ordinal);
    // Most mail has only To, without the sender: that list is shared as it is.
    recipientNumbers[ordinal] =
      cc.length === 0 && bcc.length === 0 && !to.includes(sender)
        ? to
        : joinRecipients(
            to,
            cc,
            bcc,
            sender,
            `${columns.to.numberAt(ordinal)},${columns.cc.numberAt(ordinal)},${columns.bcc.numberAt(ordinal)},${sender}`,
          );
  }
  const count = addresses.length;
  const sent = new Int32Array(count);
  const messages = new Int32Array(count);
  const received = new Int32Array(count);
  const first = new Float64Array(count).fill(Infinity);
  const last = new Float64Array(count).fill(-Infinity);
  const dates = catalog.dates;
  const touch = (number: number, date: number): void => {
    messages[number]! += 1;
    if (date < first[number]!) first[number] = date;
    if (date > last[number]!) last[number] = date;
  };
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const date = dates[ordinal]!;
    const sender = senderOf[ordinal]!;
    if (sender >= 0) {
      sent[sender]! += 1;
      touch(sender, date);
    }
    for (const recipient of recipientNumbers[ordinal]!) {
      received[recipient]! += 1;
      touch(recipient, date);
    }
  }
  const names = Array.from({ length: count }, () => new Map<string, number>());
  const senderNames = Array.from({ length: count }, () => new Set<string>());
  senderByFrom.forEach((sender, fromNumber) => {
    if (sender < 0) return;
    addName(names[sender]!, fromNames[fromNumber]!, fromUses[fromNumber]!);
    senderNames[sender]!.add(fromNames[fromNumber]!.toLowerCase());
  });
  for (const list of [lists.to, lists.cc, lists.bcc]) {
    list.decoded.forEach((people, number) => {
      for (const person of people) addName(names[numbers.get(person.address.toLowerCase())!]!, person.name, list.uses[number]!);
    });
  }
  const ownListAddresses = listAddresses(catalog);
  const isList = Uint8Array.from(addresses, (address, number) =>
    ownListAddresses.has(address) || senderNames[number]!.size >= LIST_SENDER_NAMES ? 1 : 0,
  );
  return {
    addresses,
    names,
    sent,
    messages,
    received,
    first,
    last,
    isList,
    senderOf,
    recipientsOf: (ordinal) => recipientNumbers[ordinal]!,
    size,
  };
}

/** To, Cc and Bcc as one list of distinct numbers without the sender, joined once per distinct combination (`key`): a thread repeats its lists reply after reply. */
function recipientJoiner(): (to: Int32Array, cc: Int32Array, bcc: Int32Array, sender: number, key: string) => Int32Array {
  const joined = new Map<string, Int32Array>();
  return (to, cc, bcc, sender, key) => {
    let list = joined.get(key);
    if (list === undefined) {
      const seen = new Set<number>();
      for (const part of [to, cc, bcc]) for (const number of part) if (number !== sender) seen.add(number);
      list = Int32Array.from(seen);
      joined.set(key, list);
    }
    return list;
  };
}
