// Drops the table versions an import's merge replaced once no search can still be reading them, on a timer.
import { markStoreChanged } from './storeGeneration';
import type { MessageStore } from './messageStore';
import type { WriteQueue } from './writeQueue';

/**
 * Readers in other processes reopen the store at their next call after the store-changed marker moves, so nothing they
 * may be reading goes until the grace has passed since (see tidyTable): the drop runs on a timer, never straight after
 * a change, and takes its turn on the write queue.
 */
export class VersionTidier {
  private timer: NodeJS.Timeout | null = null;
  private isStopped = false;

  constructor(
    private readonly store: MessageStore,
    private readonly queue: WriteQueue,
    private readonly dataDir: string,
    readonly graceMs: number,
    /**
     * Runs after a tidy wrote a new version or dropped old ones (and their files), before readers are told: the writer
     * ties its catalog snapshot to the table's version and data files as they are now.
     */
    private readonly onTidied: () => Promise<void> = async () => undefined,
  ) {}

  /** Tidies at once, on the caller's turn of the queue; versions too young to drop get another try later. */
  async now(): Promise<void> {
    const { changed, remaining, dropped } = await this.store.tidy(this.graceMs);
    if (changed || dropped) await this.onTidied();
    if (changed) await markStoreChanged(this.dataDir);
    if (remaining) this.later();
  }

  /** Tidies once a grace has passed from now; a later call starts the wait again. */
  later(): void {
    if (this.isStopped) return;
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.queue.runUnattended(
        () => (this.isStopped ? Promise.resolve() : this.now()),
        "store: dropping the messages table's replaced versions failed (they stay on disk until the next try)",
      );
    }, this.graceMs);
    this.timer.unref();
  }

  /** Stops the waiting tidy; work already queued still runs (see StoreWriter.close). */
  cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** No tidy runs or is scheduled after this, queued or not. */
  stop(): void {
    this.isStopped = true;
    this.cancelTimer();
  }
}
