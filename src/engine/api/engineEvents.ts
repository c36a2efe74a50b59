// The events an engine sends its hosts (import progress, answer tokens, store changes), to every subscribed listener.
import type { LanternEvent, LanternEventListener } from '../../shared/contract/api';

export class EngineEvents {
  private readonly listeners = new Set<LanternEventListener>();

  readonly emit = (event: LanternEvent): void => {
    for (const listener of this.listeners) listener(event);
  };

  /** Adds a listener; the function returned removes it. */
  subscribe(listener: LanternEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }
}
