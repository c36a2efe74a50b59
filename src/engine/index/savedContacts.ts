// The archive's contacts as counted when the catalog snapshot was saved, kept in the snapshot's folder: an engine opened
// from the snapshot answers its first search without counting every message's people (issue 25: a whole command).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../../shared/errorMessage';
import type { Contact } from './contacts';

export const CONTACTS_FILE = 'contacts.json';
/** Bumped when what is counted or how it is written changes; a file of another version is counted again instead. */
export const SAVED_CONTACTS_VERSION = 1;

/** Everyone in From, To and Cc of the catalog's first `counted` messages, with how many of them each is in. */
export interface SavedContacts {
  counted: number;
  contacts: readonly Contact[];
}

/** The file: columns rather than objects (a third of the size), tied to the columns file it was saved with. */
interface ContactsFile {
  version: number;
  /** The CRC-32 of the snapshot's columns file saved with it: a file left from another snapshot is not read. */
  checksum: number;
  counted: number;
  names: string[];
  addresses: string[];
  counts: number[];
}

export function contactsFileText(saved: SavedContacts, checksum: number): string {
  const file: ContactsFile = {
    version: SAVED_CONTACTS_VERSION,
    checksum,
    counted: saved.counted,
    names: saved.contacts.map((contact) => contact.name),
    addresses: saved.contacts.map((contact) => contact.address),
    counts: saved.contacts.map((contact) => contact.count),
  };
  return JSON.stringify(file);
}

function isWhole(file: Partial<ContactsFile>): file is ContactsFile {
  const { names, addresses, counts, counted } = file;
  return (
    Array.isArray(names) &&
    Array.isArray(addresses) &&
    Array.isArray(counts) &&
    names.length === addresses.length &&
    counts.length === addresses.length &&
    Number.isInteger(counted) &&
    names.every((name) => typeof name === 'string') &&
    addresses.every((address) => typeof address === 'string') &&
    counts.every((count) => Number.isInteger(count) && count > 0)
  );
}

/** What the file holds, or why it is not used. */
function savedContactsOf(text: string, checksum: number, rows: number): SavedContacts | string {
  let file: Partial<ContactsFile>;
  try {
    file = JSON.parse(text) as Partial<ContactsFile>;
  } catch {
    return 'it is not JSON';
  }
  if (file.version !== SAVED_CONTACTS_VERSION) return `it is of format ${file.version}, not ${SAVED_CONTACTS_VERSION}`;
  if (file.checksum !== checksum) return 'it was saved with another snapshot of the catalog';
  if (!isWhole(file)) return 'its lists are damaged';
  if (file.counted > rows) return `it counted ${file.counted} messages, the snapshot holds ${rows}`;
  const contacts = file.addresses.map((address, index) => ({ name: file.names[index]!, address, count: file.counts[index]! }));
  return { counted: file.counted, contacts };
}

/**
 * The contacts saved with the snapshot whose columns file has `checksum` and holds `rows` messages, as a function
 * that gives them: the file is read now, with the snapshot it belongs to (a writer may replace both later), and what it
 * holds is made out when they are first asked for, which most searches never do (see startContactsFrom). The function
 * gives null (and one line on stderr when a file was there) when there is none, or it is of another version, another
 * snapshot, or damaged: the engine then counts them from the catalog, as before they were saved.
 */
export async function readSavedContacts(folder: string, checksum: number, rows: number): Promise<() => SavedContacts | null> {
  const path = join(folder, CONTACTS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      console.warn(`catalog snapshot: counting contacts again, ${path} cannot be read: ${errorMessage(error)}`);
    return () => null;
  }
  let saved: SavedContacts | null | undefined;
  return () => {
    if (saved !== undefined) return saved;
    const read = savedContactsOf(text, checksum, rows);
    text = '';
    if (typeof read === 'string') console.warn(`catalog snapshot: counting contacts again, ${path} is not used: ${read}`);
    saved = typeof read === 'string' ? null : read;
    return saved;
  };
}
