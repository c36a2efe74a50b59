// When an import stores the messages it has gathered: batches that grow with the import, and at least every few seconds.

/** The first batches: small, so the first mail is searchable about a second after an import starts. */
const FIRST_BATCH_MESSAGES = 500;
/**
 * Each batch of a large import leaves a fragment and a version of the messages table, and from 20 small fragments on
 * the import ends by merging them all (a second at 33k messages, five at 100k: bench/results.md). Growing the batches as
 * the import goes (a quarter of what it stored so far) keeps an import of 25,000 short messages to 16 batches and the
 * io-uring list's 33,000 to 18, neither merged afterwards (issue 25), and a million messages to 211 instead of 2,000.
 */
const LARGEST_BATCH_MESSAGES = 5_000;
/** A batch's raw mail at most, so growing batches of long mail do not hold much more memory than 500 did. */
const LARGEST_BATCH_BYTES = 48 * 1024 * 1024;
/** A slow source still stores at least this often, so a crash loses little work and new mail shows up in searches. */
const FIRST_BATCH_MAX_AGE_MS = 1_000;
/** ... and later in the import, when a search already finds most of its mail, at least this often. */
const LATER_BATCH_MAX_AGE_MS = 4_000;

export interface GatheredBatch {
  /** Messages this import stored (or handed to the store) before the batch being gathered. */
  stored: number;
  /** Messages and raw bytes gathered into the batch so far. */
  messages: number;
  bytes: number;
  /** How long ago the last batch was handed to the store. */
  ageMs: number;
}

/** Whether the gathered batch is to be stored now. */
export function isBatchDue({ stored, messages, bytes, ageMs }: GatheredBatch): boolean {
  if (messages === 0) return false;
  const largest = Math.min(LARGEST_BATCH_MESSAGES, Math.max(FIRST_BATCH_MESSAGES, Math.floor(stored / 4)));
  const maxAgeMs = Math.min(LATER_BATCH_MAX_AGE_MS, Math.max(FIRST_BATCH_MAX_AGE_MS, stored / 2));
  return messages >= largest || bytes >= LARGEST_BATCH_BYTES || ageMs > maxAgeMs;
}
