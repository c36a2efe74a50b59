// Writes messages as an mboxrd file: a "From " line before each, and ">From " quoting that readers undo.
import type { FileHandle } from 'node:fs/promises';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The asctime form mbox separators use, in UTC: "Mon Jan  1 09:05:00 2024". */
export function asctime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, ' ')} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${date.getUTCFullYear()}`;
}

/** mboxrd: every line that is ">"* followed by "From " gains one more ">". */
export function quoteFromLines(message: Buffer): Buffer {
  const text = message.toString('latin1');
  return Buffer.from(text.replace(/^(>*From )/gm, '>$1'), 'latin1');
}

export async function appendMboxMessage(file: FileHandle, sender: string, date: Date, message: Buffer): Promise<void> {
  const separator = `From ${sender.replace(/\s+/g, '') || 'MAILER-DAEMON'} ${asctime(Number.isNaN(date.getTime()) || date.getTime() <= 0 ? new Date(0) : date)}\n`;
  const body = quoteFromLines(message);
  const ending = body.at(-1) === 0x0a ? '\n' : '\n\n';
  await file.write(Buffer.concat([Buffer.from(separator, 'latin1'), body, Buffer.from(ending)]));
}
