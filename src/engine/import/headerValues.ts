// A message's header values as mailparser's processHeaders reads them, its address fields read once per distinct line.
import { MailParser, parseAddressHeader, type AddressObject, type HeaderLines, type Headers } from 'mailparser';

/** What mailparser's parser does with header lines, reached from one idle instance. */
interface MailParserInternals {
  processHeaders(lines: HeaderLines): Headers;
  libmime: { decodeHeader(line: string): { key: string; value: string } | undefined };
}

/** Never written to: its methods read its options and its libmime, never the state of a parse. */
export const headerReader = new MailParser() as unknown as MailParserInternals;

/**
 * The address fields processHeaders parses into an AddressObject (of those the quick path decodes, see READ_HEADERS),
 * and the ones of them it keeps the first value of.
 */
const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['from', 'to', 'cc', 'bcc', 'reply-to']);
const SINGLE_ADDRESS_FIELDS: ReadonlySet<string> = new Set(['from', 'reply-to']);

/**
 * Address lines already read, by their raw text. Business and list mail repeats its From, To and Cc lines (a sender,
 * a list address), and reading one is most of a short message's header work. Emptied when full, so a worker's memory
 * stays bounded whatever the archive.
 */
const readAddressLines = new Map<string, AddressObject>();
const MAX_READ_ADDRESS_LINES = 20_000;

/**
 * An address line's value as processHeaders makes it, but with its HTML and text forms made when first read
 * (parseAddressHeader): the import reads the text form of a few and never the HTML one. Shared between messages with
 * the same line, and never changed by its readers.
 */
function addressValue(line: string): AddressObject {
  const known = readAddressLines.get(line);
  if (known) return known;
  const raw = ((headerReader.libmime.decodeHeader(line) || { value: '' }).value || '').toString().trim();
  const value = parseAddressHeader(Buffer.from(raw, 'binary').toString());
  if (readAddressLines.size >= MAX_READ_ADDRESS_LINES) readAddressLines.clear();
  readAddressLines.set(line, value);
  return value;
}

/**
 * The values of `lines` as processHeaders gives them, in the same order: its own reading for every field but the
 * address ones, which are read here (see addressValue) and kept as it keeps them (the first value of a single field,
 * a list for a repeated one).
 */
export function headerValues(lines: HeaderLines): Headers {
  if (!lines.some((line) => ADDRESS_FIELDS.has(line.key))) return headerReader.processHeaders(lines);
  const others = headerReader.processHeaders(lines.filter((line) => !ADDRESS_FIELDS.has(line.key)));
  const addresses = new Map<string, AddressObject[]>();
  for (const line of lines) {
    if (!ADDRESS_FIELDS.has(line.key)) continue;
    const values = addresses.get(line.key);
    if (values) values.push(addressValue(line.line));
    else addresses.set(line.key, [addressValue(line.line)]);
  }
  const headers: Headers = new Map();
  for (const line of lines) {
    // processHeaders names every List-* field's value 'list'.
    const key = line.key.startsWith('list-') ? 'list' : line.key;
    if (headers.has(key)) continue;
    const values = addresses.get(key);
    if (values) headers.set(key, values.length === 1 || SINGLE_ADDRESS_FIELDS.has(key) ? values[0]! : values);
    else if (others.has(key)) headers.set(key, others.get(key)!);
  }
  return headers;
}
