// Turns the storage library's raw I/O errors ("LanceError(IO): File too large (os error 27), /usr/local/cargo/…") into a
// sentence that says what the disk refused and what to do; the build paths in them mean nothing to a person.

/** Operating-system error numbers (Linux, macOS) a full or locked-down disk gives, in words. */
const OS_ERRORS: Record<string, string> = {
  '5': 'the disk reported an input/output error',
  '13': 'permission to write there was denied',
  '27': 'a file reached the size limit set for this process (ulimit -f)',
  '28': 'the disk is full',
  '30': 'the disk is read-only',
  '122': 'the disk quota is used up',
};

const LANCE_IO_ERROR = /(?:lance error:\s*)?LanceError\(IO\):\s*([^,(]*?)\s*\(os error (\d+)\)[^]*$/i;

/** The same message, with a storage I/O error put in words; any other message is returned as it is. */
export function plainStorageError(message: string): string {
  const match = LANCE_IO_ERROR.exec(message);
  if (!match) return message;
  const reason = OS_ERRORS[match[2]!] ?? (match[1]?.trim().toLowerCase() || `operating-system error ${match[2]}`);
  const context = message.slice(0, match.index).trim();
  const sentence = `the store could not write to the disk: ${reason}. Make room (or lift the limit) and run the command again; what was stored before is kept`;
  return context ? `${context} ${sentence}` : sentence;
}
