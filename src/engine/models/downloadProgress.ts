// Sends a download's 'model-download' events: bytes, rate and time left, a few times a second at most.
import type { LanternEvent } from '../../shared/contract/api';
import type { ModelDownloadPhase, ModelDownloadProgress } from '../../shared/model/models';
import { progressRate } from '../../shared/progress/progressRate';

const EVENT_INTERVAL_MS = 250;

export class DownloadProgress {
  private bytesDone = 0;
  private bytesAtStart = 0;
  private bytesTotal = 0;
  private startedAt = performance.now();
  private lastSent = 0;
  private file: string | null = null;

  constructor(
    private readonly name: string,
    private host: string,
    private readonly emit: (event: LanternEvent) => void,
  ) {}

  /** The total is known and `kept` bytes are already on disk (a resumed download): they count as done, not toward the rate. */
  begin(bytesTotal: number, kept: number): void {
    this.bytesTotal = bytesTotal;
    this.bytesDone = kept;
    this.bytesAtStart = kept;
    this.startedAt = performance.now();
  }

  startFile(path: string): void {
    this.file = path;
  }

  add(count: number, host: string): void {
    this.bytesDone += count;
    this.host = host;
    if (performance.now() - this.lastSent >= EVENT_INTERVAL_MS) this.send('downloading');
  }

  /** A server sent a file whole again: its kept bytes no longer count. */
  drop(count: number): void {
    this.bytesDone -= count;
    this.bytesAtStart = Math.max(0, this.bytesAtStart - count);
  }

  get done(): number {
    return this.bytesDone;
  }

  send(phase: ModelDownloadPhase, message?: string): void {
    this.lastSent = performance.now();
    const rate = progressRate(this.bytesDone, this.bytesTotal, (this.lastSent - this.startedAt) / 1000, this.bytesAtStart);
    const progress: ModelDownloadProgress = {
      name: this.name,
      phase,
      file: phase === 'downloading' || phase === 'verifying' ? this.file : null,
      bytesDone: this.bytesDone,
      bytesTotal: this.bytesTotal,
      bytesPerSecond: Math.round(rate.perSecond),
      etaSeconds: phase === 'downloading' ? rate.etaSeconds : null,
      host: this.host,
      ...(message === undefined ? {} : { message }),
    };
    this.emit({ type: 'model-download', progress });
  }
}
