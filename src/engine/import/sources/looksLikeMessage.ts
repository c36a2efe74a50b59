// Recognises the start of an RFC 822 message (header lines) without parsing it.

/** RFC 5322 field names are printable ASCII without the colon; values may be empty ("Subject:"). */
const HEADER_LINE = /^[!-9;-~]{1,76}:/;
const MAIL_HEADERS =
  /^(received|return-path|from|to|cc|date|subject|message-id|mime-version|delivered-to|reply-to|x-[a-z0-9-]+|content-type):/i;
const LINES_CHECKED = 8;

/**
 * True when the file starts with header lines and at least one of its first fields is one only mail has. The header
 * block ends at the first empty line, or (for mail written without that line) at the first line that is no header.
 */
export function looksLikeMessage(head: Buffer): boolean {
  const lines: string[] = [];
  for (const line of head.toString('latin1').split(/\r?\n/)) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (lines.length === 0) return false;
      continue;
    }
    if (!HEADER_LINE.test(line)) {
      // Without a blank line, at least two header lines must come before the body starts.
      if (lines.length < 2) return false;
      break;
    }
    lines.push(line);
    if (lines.length === LINES_CHECKED) break;
  }
  return lines.length > 0 && lines.some((line) => MAIL_HEADERS.test(line));
}
