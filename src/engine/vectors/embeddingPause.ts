// Pausing the embedding stage: the person's machine is busy now, so the stage waits between batches until resumed.
import { unlessAborted } from '../unlessAborted';

/**
 * Not a saved setting: a pause answers "not now" (a laptop on battery, a call), and a restart resumes embedding as it
 * always has, so an archive is never left half searchable by meaning because of a pause long forgotten.
 */
export class EmbeddingPause {
  /** Settles on resume; null while not paused. */
  private resumed: { promise: Promise<void>; resolve: () => void } | null = null;

  get isPaused(): boolean {
    return this.resumed !== null;
  }

  pause(): void {
    if (this.resumed) return;
    let resolve = (): void => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    this.resumed = { promise, resolve };
  }

  resume(): void {
    this.resumed?.resolve();
    this.resumed = null;
  }

  /** Returns at once when not paused; otherwise once resumed or once `signal` aborts (the engine closing). */
  async wait(signal: AbortSignal): Promise<void> {
    while (this.resumed && !signal.aborted) await unlessAborted(this.resumed.promise, signal);
  }
}
