// What the window says of a running import: about how many messages the whole source holds, from the share read so far.
import type { ImportProgress } from '../../../../shared/model/importing';

/** Below this share of the file read, the count of messages so far says too little of the whole. */
const MIN_SHARE = 0.02;

/**
 * About how many messages the source holds: the messages read so far over the share of its bytes read, rounded to
 * three significant figures ("about 14,700"), never fewer than already read. Null while too little is read to tell.
 */
export function aboutTotalMessages(progress: ImportProgress): number | null {
  if (progress.bytesTotal <= 0 || progress.messages === 0) return null;
  const share = progress.bytesDone / progress.bytesTotal;
  if (share < MIN_SHARE) return null;
  if (share >= 1) return progress.messages;
  const estimate = progress.messages / share;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 2);
  return Math.max(progress.messages, Math.round(estimate / step) * step);
}
