// The archive slices the eval searches: fixed runs of messages from the shared corpora, small enough to embed here.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { eachMessage } from '../bench/corpus';

export interface Slice {
  /** Named in query files and in the cache folder. */
  name: string;
  /** A file in the shared corpora folder. */
  corpus: string;
  /** The slice is messages [first, first + count) of the corpus, split as the tests split it. */
  first: number;
  count: number;
  description: string;
}

// The Universal Sentence Encoder embeds about 5-10 chunks a second on two shared cores; io-uring mail averages about
// 1.5 chunks and usrp-users mail (with attachments) about 1.8, so these two slices embed in roughly ten minutes, once.
export const SLICES: readonly Slice[] = [
  {
    name: 'io-uring-2023',
    corpus: 'io-uring-list.mbox.gz',
    first: 18_087,
    count: 1_804,
    description: 'io-uring list, 2 January to 30 April 2023: patches, reviews, bug reports',
  },
  {
    name: 'usrp-users-2020',
    corpus: 'usrp-users-list.mbox.gz',
    first: 1_900,
    count: 1_065,
    description: 'usrp-users list, 24 February 2020 to January 2024: questions, HTML mail, attachments',
  },
];

export function sliceNamed(name: string): Slice {
  const slice = SLICES.find((candidate) => candidate.name === name);
  if (!slice) throw new Error(`eval: no slice named "${name}"; slices are ${SLICES.map((known) => known.name).join(', ')}`);
  return slice;
}

export interface SliceText {
  /** mboxrd text of the slice's messages, latin1 as read (bytes kept as they were). */
  mbox: string;
  /** Names the exact bytes: a changed corpus or slice gets its own cache folder. */
  fingerprint: string;
}

export async function readSlice(slice: Slice, corporaDir: string): Promise<SliceText> {
  const parts: string[] = [];
  let index = 0;
  await eachMessage(resolve(corporaDir, slice.corpus), (message) => {
    if (index >= slice.first && index < slice.first + slice.count) parts.push(message.endsWith('\n') ? message : `${message}\n`);
    index += 1;
  });
  if (parts.length < slice.count)
    throw new Error(`eval: ${slice.corpus} has ${index} messages; slice ${slice.name} needs ${slice.first + slice.count}`);
  const mbox = parts.join('\n');
  const fingerprint = createHash('sha256').update(mbox, 'latin1').digest('hex').slice(0, 12);
  return { mbox, fingerprint };
}
