// Import and embedding progress on stderr: one redrawn line on a terminal, occasional plain lines otherwise.
import type { LanternEvent } from '../shared/contract/api';
import { describeBytes } from '../shared/models/byteSize';

const BAR_WIDTH = 24;
const PLAIN_INTERVAL_MS = 5000;

function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

function describe(event: LanternEvent): string | null {
  switch (event.type) {
    case 'import-progress': {
      const { progress } = event;
      const fraction = progress.bytesTotal > 0 ? progress.bytesDone / progress.bytesTotal : 0;
      const eta = progress.etaSeconds === null ? '' : ` ETA ${progress.etaSeconds}s`;
      return `${bar(fraction)} ${Math.round(fraction * 100)}% ${progress.messages} messages ${progress.rate}/s${eta}`;
    }
    case 'embedding-progress':
      return `${bar(event.total > 0 ? event.done / event.total : 1)} embedded ${event.done} of ${event.total} messages`;
    case 'model-download': {
      const { progress } = event;
      if (progress.phase !== 'downloading' && progress.phase !== 'verifying') return null;
      const fraction = progress.bytesTotal > 0 ? progress.bytesDone / progress.bytesTotal : 0;
      const eta = progress.etaSeconds === null ? '' : ` ETA ${progress.etaSeconds}s`;
      const total = progress.bytesTotal > 0 ? ` of ${describeBytes(progress.bytesTotal)}` : '';
      const step = progress.phase === 'verifying' ? ' verifying' : '';
      return `${bar(fraction)} ${progress.name}: ${describeBytes(progress.bytesDone)}${total} from ${progress.host} ${describeBytes(progress.bytesPerSecond)}/s${eta}${step}`;
    }
    case 'ocr-progress':
      return `${bar(event.progress.total > 0 ? event.progress.done / event.progress.total : 1)} read text from the images of ${event.progress.done} of ${event.progress.total} messages`;
    case 'import-finished':
    case 'answer-token':
    case 'store-changed':
    case 'engine-restarted':
      return null;
  }
}

/** Returns a listener for engine events and a function that ends the progress line. */
export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): {
  onEvent: (event: LanternEvent) => void;
  finish: () => void;
} {
  let lastPlain = 0;
  let drawn = false;
  return {
    onEvent(event) {
      const line = describe(event);
      if (line === null) return;
      if (stream.isTTY) {
        stream.write(`\r${line.padEnd(Math.max(line.length, (stream.columns ?? 80) - 1))}`);
        drawn = true;
      } else if (Date.now() - lastPlain > PLAIN_INTERVAL_MS) {
        lastPlain = Date.now();
        stream.write(`${line}\n`);
      }
    },
    finish() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
