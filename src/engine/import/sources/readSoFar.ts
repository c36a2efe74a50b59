// Says how far reading a cut-short file got, for the errors that name where it ends: "12.3 MB (8,258 messages read)".

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

export function readSoFar(bytes: number, messages: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const size = unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
  return `${size} (${messages.toLocaleString('en-US')} message${messages === 1 ? '' : 's'} read)`;
}

/** Whether a read failed because compressed or archived data stopped before its end. */
export function isCutShort(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'Z_BUF_ERROR' || /unexpected end of (file|data)/i.test(message ?? '');
}
