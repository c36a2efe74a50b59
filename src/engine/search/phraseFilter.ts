// Keeps the messages that hold a query's phrases verbatim: reads their texts in pipelined batches, as far as a page needs, and remembers verdicts.
import type { Catalog } from '../index/catalog';
import { decodeAttachmentTexts, type MessageRecord } from '../store/messageRecord';
import type { MessageStore } from '../store/messageStore';
import { countBits, setBits, setBitsAt, type Bitset } from './bitset';
import { phraseMatcher, type PhraseMatcher } from './phraseMatch';
import { firstMatches, type Order } from './rank';

/** Large enough that the store's per-query cost is small beside reading the texts. */
const PHRASE_BATCH = 2000;
/** Phrases whose verdicts are kept: paging, refining and repeating a search ask about the same phrases again. */
const REMEMBERED_PHRASES = 16;

const UNKNOWN = 0;
const ABSENT = 1;
const PRESENT = 2;

/**
 * Per phrase, one byte per message: unknown, absent or present. Reading the texts is most of a phrase search's time,
 * and a message's subject, text and attachment text never change once stored, so a verdict holds for the store's life;
 * messages imported later are simply unknown.
 */
export class PhraseVerdicts {
  private readonly byPhrase = new Map<string, Uint8Array>();

  verdicts(phrase: string, size: number): Uint8Array {
    let verdicts = this.byPhrase.get(phrase);
    this.byPhrase.delete(phrase);
    if (!verdicts || verdicts.length < size) {
      const grown = new Uint8Array(size);
      if (verdicts) grown.set(verdicts);
      verdicts = grown;
    }
    this.byPhrase.set(phrase, verdicts);
    if (this.byPhrase.size > REMEMBERED_PHRASES) this.byPhrase.delete(this.byPhrase.keys().next().value!);
    return verdicts;
  }
}

/**
 * Above this many candidates (messages with all of a phrase's words), a search checks phrases only as far down its
 * order as its page needs and estimates the total: at a million messages "task work" had 110,000 candidates, and
 * reading every one of their texts took longer than anyone waits. Up to it, every candidate is read: exact.
 */
export const EXACT_PHRASE_CANDIDATES = 1000;
/** The first round of an ordered check reads at least this many candidates. */
const FIRST_ROUND = 500;
/**
 * Candidates spread evenly over the archive that are read with the first ones, for the estimate: the first ones in a
 * search's order are a biased sample (the best scored hold the phrase more often: at a million messages they put
 * "task work" at 158,000 where 110,000 hold it).
 */
const ESTIMATE_SAMPLE = 400;

/**
 * The text a phrase is looked for in: subject, body, and each attachment's name and text, each on lines of its own.
 * Attachment text is read decoded: in its stored JSON a line break is the letters `\n`, so "flux\ncapacitor" held
 * the word "ncapacitor", and the keys between name and text ran one into the other ("pdf","text").
 */
function phraseText(row: Pick<MessageRecord, 'subject' | 'text' | 'attachmentTextJson'>): string {
  const attachments = decodeAttachmentTexts(row.attachmentTextJson).map((item) => `${item.filename}\n${item.text}`);
  return [row.subject, row.text, ...attachments].join('\n');
}

/** `size` of the `candidates` set bits of `matches`, spread evenly over them. */
function evenSample(matches: Bitset, candidates: number, size: number): number[] {
  const stride = candidates / size;
  return setBitsAt(
    matches,
    Array.from({ length: size }, (_, index) => Math.floor(index * stride)),
  );
}

/** One search's phrases: judges messages by reading their texts, remembering verdicts for later searches. */
class PhraseCheck {
  private readonly checks: { matcher: PhraseMatcher; verdicts: Uint8Array }[];

  constructor(
    phrases: string[],
    private readonly catalog: Catalog,
    private readonly store: MessageStore,
    remembered: PhraseVerdicts,
  ) {
    this.checks = phrases.map((phrase) => ({ matcher: phraseMatcher(phrase), verdicts: remembered.verdicts(phrase, catalog.size) }));
  }

  /** Whether the message holds every phrase; messages not judged yet (and those the store no longer has) do not. */
  holds(ordinal: number): boolean {
    return this.checks.every((check) => check.verdicts[ordinal] === PRESENT);
  }

  private isJudged(ordinal: number): boolean {
    return (
      this.checks.every((check) => check.verdicts[ordinal] !== UNKNOWN) || this.checks.some((check) => check.verdicts[ordinal] === ABSENT)
    );
  }

  /** Reads the texts of the messages not judged yet, in pipelined batches, and judges them. */
  async judge(ordinals: number[]): Promise<void> {
    const unknown = ordinals.filter((ordinal) => !this.isJudged(ordinal));
    const read = (start: number) => {
      const batch = unknown.slice(start, start + PHRASE_BATCH);
      const ids = batch.map((ordinal) => this.catalog.id(ordinal));
      return this.store.getColumns(ids, ['id', 'subject', 'text', 'attachmentTextJson'], batch);
    };
    let next = unknown.length > 0 ? read(0) : null;
    for (let start = 0; next !== null; start += PHRASE_BATCH) {
      const rows = await next;
      // The store reads the next batch while this one is matched.
      next = start + PHRASE_BATCH < unknown.length ? read(start + PHRASE_BATCH) : null;
      const textById = new Map(rows.map((row) => [row.id, phraseText(row)]));
      for (const ordinal of unknown.slice(start, start + PHRASE_BATCH)) {
        // A message the store no longer returns gets no verdict: it may be back on the next search.
        const text = textById.get(this.catalog.id(ordinal));
        if (text === undefined) continue;
        for (const check of this.checks) {
          if (check.verdicts[ordinal] === UNKNOWN) check.verdicts[ordinal] = check.matcher.matches(text) ? PRESENT : ABSENT;
        }
      }
    }
  }
}

/**
 * Clears the bits of `matches` whose message lacks any of the (folded) phrases; whole words only. With a bound and
 * many candidates only the first ones in its order are read, until `wanted` of them hold the phrases: the bits left are those,
 * and the returned count of all messages that hold them is estimated from an even sample of the candidates. Returns the exact
 * count when every candidate was read.
 */
export async function keepPhraseMatches(
  matches: Bitset,
  phrases: string[],
  /** The search's order and how many matches its page needs; null reads every candidate. */
  bound: { order: Order<number>; wanted: number } | null,
  context: { catalog: Catalog; store: MessageStore; remembered: PhraseVerdicts },
): Promise<{ count: number; isEstimate: boolean }> {
  const check = new PhraseCheck(phrases, context.catalog, context.store, context.remembered);
  const candidates = countBits(matches);
  // Many candidates are never listed: only the first ones in the order and an even sample of them are read.
  const isBounded = bound !== null && candidates > EXACT_PHRASE_CANDIDATES;
  let read = isBounded ? [] : setBits(matches);
  let sample = read;
  if (isBounded) {
    const { order, wanted } = bound;
    sample = evenSample(matches, candidates, ESTIMATE_SAMPLE);
    for (let prefix = Math.max(FIRST_ROUND, 2 * wanted); ; prefix *= 2) {
      read = firstMatches(matches, order, prefix);
      await check.judge([...read, ...sample]);
      if (read.length < prefix || read.filter((ordinal) => check.holds(ordinal)).length >= wanted) break;
    }
  } else await check.judge(read);
  matches.fill(0);
  let present = 0;
  for (const ordinal of read) {
    if (check.holds(ordinal)) {
      matches[ordinal] = 1;
      present += 1;
    }
  }
  const isEstimate = read.length < candidates;
  if (!isEstimate) return { count: present, isEstimate };
  const sampled = sample.filter((ordinal) => check.holds(ordinal)).length;
  // Never fewer than the messages already found to hold the phrases.
  return { count: Math.max(present, Math.round((candidates * sampled) / sample.length)), isEstimate };
}

/**
 * Holders a sample must find to stand for the rest: fewer (a phrase rare among its candidates) and the sample doubles,
 * up to every candidate. About a tenth of error at this many.
 */
const ENOUGH_SAMPLED_HOLDERS = 100;

/**
 * Like keepPhraseMatches with no bound, but with more than `sampleSize` candidates only an even sample of them is read
 * (doubled while it finds too few holders to go by): the bits left are the sampled messages that hold the phrases, and
 * each stands for the returned number of candidates (1 when every candidate was read). For counts over all matches (a
 * timeline), where reading every candidate's text at a million messages took most of a minute.
 */
export async function samplePhraseMatches(
  matches: Bitset,
  phrases: string[],
  sampleSize: number,
  context: { catalog: Catalog; store: MessageStore; remembered: PhraseVerdicts },
): Promise<number> {
  const candidates = countBits(matches);
  const check = new PhraseCheck(phrases, context.catalog, context.store, context.remembered);
  // Each doubled sample holds the one before (every other place), whose verdicts are remembered.
  for (let size = sampleSize; size < candidates; size *= 2) {
    const sample = evenSample(matches, candidates, size);
    await check.judge(sample);
    const holders = sample.filter((ordinal) => check.holds(ordinal));
    if (holders.length < ENOUGH_SAMPLED_HOLDERS) continue;
    matches.fill(0);
    for (const ordinal of holders) matches[ordinal] = 1;
    return candidates / sample.length;
  }
  await keepPhraseMatches(matches, phrases, null, context);
  return 1;
}
