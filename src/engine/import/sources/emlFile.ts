// Reads one file that holds one RFC 822 message, whatever it is named (.eml, .msg saved as text, a maildir file).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MailReader } from '../rawMail';
import { singleMessage } from './archiveEntries';

export const readEmlFile: MailReader = async function* (path, options) {
  yield await singleMessage(createReadStream(path), basename(path), null);
  options.onBytes((await stat(path)).size);
};
