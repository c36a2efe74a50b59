// Calls that another call can stop by their id: imports (Cancel on the import card) and answers (Stop in the window).
export class RunningCalls {
  private readonly running = new Map<string, AbortController>();

  /** Runs `work` with a signal that `cancel(id)` and `cancelAll()` abort. */
  async run<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      return await work(controller.signal);
    } finally {
      // A second call under the same id took its place: that one is still running.
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  cancel(id: string): void {
    this.running.get(id)?.abort();
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }
}
