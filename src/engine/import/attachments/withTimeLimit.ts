// Runs one asynchronous job with a time limit, aborting its signal when the limit passes.

export class TimeLimitError extends Error {}

/**
 * Settles with the job, or rejects with TimeLimitError after `milliseconds` and aborts the job's signal so extractors
 * that honour it (officeparser, PDF.js via destroy) stop. A job that ignores the signal keeps running in the background
 * until it ends by itself, and one that never yields the thread cannot be interrupted here at all: the parse pool's
 * watchdog replaces a worker that stops answering.
 */
export async function withTimeLimit<T>(milliseconds: number, job: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new TimeLimitError(
        `took longer than ${milliseconds >= 1000 ? `${Math.round(milliseconds / 100) / 10} s` : `${milliseconds} ms`}`,
      );
      controller.abort(error);
      reject(error);
    }, milliseconds);
  });
  try {
    return await Promise.race([job(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
