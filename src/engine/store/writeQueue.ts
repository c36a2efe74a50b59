// The store's write queue: writes run one after another, and searches read between them.
import { errorMessage } from '../../shared/errorMessage';

export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` after everything queued before it; its result or error goes to the caller, and the queue goes on either way. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Runs `work` after everything queued before it with no caller waiting: a failure is logged after `failure`. */
  runUnattended(work: () => Promise<unknown>, failure: string): void {
    this.tail = this.tail.then(work).catch((error: unknown) => console.error(`${failure}: ${errorMessage(error)}`));
  }

  /** Settles once everything queued so far has run. */
  async drained(): Promise<void> {
    await this.tail;
  }
}
