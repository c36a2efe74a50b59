// Recognises the start of an RFC 822 message (header lines) without parsing it.

const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]{0,60}:[ \t]*\S/;
const MAIL_HEADERS = /^(received|return-path|from|to|date|subject|message-id|mime-version|delivered-to|reply-to|x-[a-z0-9-]+|content-type):/i;

/** True when the first lines are mail headers and at least one of them is a header only mail has. */
export function looksLikeMessage(head: Buffer): boolean {
  const lines = head.toString('latin1').split(/\r?\n/).slice(0, 8).filter((line) => line !== '' && !/^[ \t]/.test(line));
  if (lines.length === 0 || !HEADER_LINE.test(lines[0]!)) return false;
  return lines.every((line) => HEADER_LINE.test(line)) && lines.some((line) => MAIL_HEADERS.test(line));
}
