// Worker-thread entry: parses messages off the importing thread so parsing and indexing run on separate cores.
import { parentPort } from 'node:worker_threads';
import { normalizeMessage, type NormalizeContext } from './normalize';
import type { ParseReply, ParseTask } from './parsePool';
import { errorMessage } from '../../shared/errorMessage';
import { lowerThisThreadsPriority } from './parsePriority';
import { MessageFileError, readMessageFile } from './messageFile';

if (!parentPort) throw new Error('parseWorker: must run as a worker thread');
const port = parentPort;
lowerThisThreadsPriority();

/**
 * Answers go back several at a time: each postMessage has a fixed cost on both threads (a profile of a short-mail import
 * put a seventh of a parse worker's time in it), and the pool sends messages ahead faster than they are parsed, so the
 * answers of one turn of this thread's event loop leave together, at most this many to a message.
 */
const MAX_REPLIES_PER_MESSAGE = 64;
let waiting: ParseReply[] = [];
let isSendQueued = false;

function sendWaiting(): void {
  isSendQueued = false;
  if (waiting.length === 0) return;
  port.postMessage(waiting);
  waiting = [];
}

function reply(answer: ParseReply): void {
  waiting.push(answer);
  if (waiting.length >= MAX_REPLIES_PER_MESSAGE) sendWaiting();
  else if (!isSendQueued) {
    isSendQueued = true;
    setImmediate(sendWaiting);
  }
}

function parse(task: ParseTask): void {
  const context: NormalizeContext = task.context;
  // Tells the pool at once which message is reading attachment text, so its watchdog knows whom to blame if the thread stops.
  const onReadingAttachments = (isReading: boolean): void =>
    port.postMessage([{ seq: task.seq, isReadingAttachments: isReading }] satisfies ParseReply[]);
  let bytes: Buffer;
  try {
    bytes = 'path' in task ? readMessageFile(task.path) : Buffer.from(task.bytes);
  } catch (error) {
    reply({ seq: task.seq, error: errorMessage(error), isFileError: error instanceof MessageFileError });
    return;
  }
  normalizeMessage(bytes, context, { onReadingAttachments }).then(
    (normalized) => reply({ seq: task.seq, normalized }),
    (error: unknown) => reply({ seq: task.seq, error: errorMessage(error) }),
  );
}

port.on('message', (tasks: ParseTask[]) => {
  for (const task of tasks) parse(task);
});
