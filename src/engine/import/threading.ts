// Assigns thread ids: Gmail's own, else the References chain (JWZ), else a reply's subject; stable across re-imports.
import { nodeCrypto } from '../nodeCrypto';
import type { Catalog } from '../index/catalog';
import { inTurns } from '../store/turns';

/** What a parsed message says about its thread. */
export interface ThreadHints {
  gmailThreadId: string;
  /** Message-IDs from the thread root to the direct parent (References, then In-Reply-To). */
  ancestors: string[];
  subject: string;
}

const REPLY_PREFIX = /^\s*((re|fwd?|aw|sv|vs|antw|wg|tr|rif)(\[\d+\])?\s*:\s*|\[[^\]]{1,40}\]\s*)+/i;
const MIN_SUBJECT_KEY = 4;

export function threadHash(key: string): string {
  return nodeCrypto().createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The subject without reply/forward prefixes and list tags, folded: replies share it with their original. */
export function subjectKey(subject: string): { key: string; isReply: boolean } {
  const stripped = subject.replace(REPLY_PREFIX, '');
  const isReply = stripped.length !== subject.length && /^\s*(re|aw|sv|vs|antw)\b/i.test(subject.replace(/^\s*\[[^\]]*\]\s*/, ''));
  return { key: stripped.toLowerCase().replace(/\s+/g, ' ').trim(), isReply };
}

/** Every ordinal of the catalog, up to its size when the last one is asked for. */
function* ordinalsOf(catalog: Catalog): Generator<number> {
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) yield ordinal;
}

/** Pending messages noted before the first look-through for those the catalog has taken since (see `forgetStored`). */
const PENDING_AT_LEAST = 4096;

export class ThreadResolver {
  private bySubject: Map<string, string> | null = null;
  /** This import's messages by Message-ID, until the catalog holds them: a reply may come before its parent is stored. */
  private readonly pendingByMessageId = new Map<string, string>();
  /** How many pending messages make the next look-through worth it. */
  private lookThroughAt = PENDING_AT_LEAST;

  constructor(private readonly catalog: Catalog) {}

  private noteSubject(ordinal: number, bySubject: Map<string, string>): void {
    const { key } = subjectKey(this.catalog.subject(ordinal));
    if (key.length >= MIN_SUBJECT_KEY && !bySubject.has(key)) bySubject.set(key, this.catalog.threadId(ordinal));
  }

  private subjects(): Map<string, string> {
    if (!this.bySubject) {
      this.bySubject = new Map();
      for (let ordinal = 0; ordinal < this.catalog.size; ordinal += 1) this.noteSubject(ordinal, this.bySubject);
    }
    return this.bySubject;
  }

  /**
   * Reads the catalog's subjects in turns before an import needs them: read at once, a 100k-message archive's took a
   * quarter of a second of the engine's thread, which searches meanwhile waited out. The catalog only grows while an
   * import runs, and the import adds its own messages' subjects as it resolves them.
   */
  async prepare(): Promise<void> {
    if (this.bySubject) return;
    const bySubject = new Map<string, string>();
    await inTurns(ordinalsOf(this.catalog), (ordinal) => this.noteSubject(ordinal, bySubject));
    this.bySubject ??= bySubject;
  }

  private knownThread(messageId: string): string | undefined {
    const pending = this.pendingByMessageId.get(messageId);
    if (pending) return pending;
    const ordinal = this.catalog.ordinalsOfMessageId(messageId)[0];
    return ordinal === undefined ? undefined : this.catalog.threadId(ordinal);
  }

  resolve(messageId: string, fallbackKey: string, hints: ThreadHints): string {
    const threadId = this.choose(messageId, fallbackKey, hints);
    // The first message with a Message-ID names its thread, as the catalog's look-up does once it is stored: a later
    // one (a copy cut differently, a reused id) in another thread gave the replies read before the batch writer stored
    // the first the later one's thread, and those read after it the first's, so an import's threads hung on timing.
    if (messageId && !this.pendingByMessageId.has(messageId) && this.catalog.ordinalsOfMessageId(messageId).length === 0) {
      this.pendingByMessageId.set(messageId, threadId);
      if (this.pendingByMessageId.size >= this.lookThroughAt) this.forgetStored();
    }
    const { key } = subjectKey(hints.subject);
    if (key.length >= MIN_SUBJECT_KEY && !this.subjects().has(key)) this.subjects().set(key, threadId);
    return threadId;
  }

  private choose(messageId: string, fallbackKey: string, hints: ThreadHints): string {
    if (hints.gmailThreadId) return `gm${hints.gmailThreadId}`;
    for (const ancestor of hints.ancestors) {
      const known = this.knownThread(ancestor);
      if (known) return known;
    }
    // Hashing the root makes a thread's id the same whichever of its messages is imported first.
    if (hints.ancestors.length > 0) return threadHash(hints.ancestors[0]!);
    const { key, isReply } = subjectKey(hints.subject);
    if (isReply && key.length >= MIN_SUBJECT_KEY) {
      const bySubject = this.subjects().get(key);
      if (bySubject) return bySubject;
    }
    return threadHash(messageId || fallbackKey);
  }

  /**
   * Forgets the pending messages the catalog holds now, which answers for them with the same thread: kept to the end of
   * an import, every imported message's Message-ID stayed in the heap (issue 25). Looked through again once as many
   * more are pending as remain, so each message is looked up a bounded number of times.
   */
  private forgetStored(): void {
    for (const messageId of this.pendingByMessageId.keys())
      if (this.catalog.ordinalsOfMessageId(messageId).length > 0) this.pendingByMessageId.delete(messageId);
    this.lookThroughAt = Math.max(PENDING_AT_LEAST, this.pendingByMessageId.size * 2);
  }

  /** How many messages are pending now. */
  get pending(): number {
    return this.pendingByMessageId.size;
  }

  /** Forget per-import state once its messages are in the catalog. */
  clearPending(): void {
    this.pendingByMessageId.clear();
  }
}
