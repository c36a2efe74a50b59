// Worker-thread entry: parses messages off the importing thread so parsing and indexing run on separate cores.
import { parentPort } from 'node:worker_threads';
import { normalizeMessage, type NormalizeContext } from './normalize';
import type { ParseReply, ParseTask } from './parsePool';
import { errorMessage } from '../../shared/errorMessage';
import { lowerThisThreadsPriority } from './parsePriority';

if (!parentPort) throw new Error('parseWorker: must run as a worker thread');
const port = parentPort;
lowerThisThreadsPriority();

port.on('message', (task: ParseTask) => {
  const context: NormalizeContext = task.context;
  // Tells the pool which message is reading attachment text, so its watchdog knows whom to blame if the thread stops.
  const onReadingAttachments = (isReading: boolean): void =>
    port.postMessage({ seq: task.seq, isReadingAttachments: isReading } satisfies ParseReply);
  normalizeMessage(Buffer.from(task.bytes), context, { onReadingAttachments }).then(
    (normalized) => port.postMessage({ seq: task.seq, normalized } satisfies ParseReply),
    (error: unknown) => port.postMessage({ seq: task.seq, error: errorMessage(error) } satisfies ParseReply),
  );
});
