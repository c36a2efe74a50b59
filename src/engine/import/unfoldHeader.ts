// Header fields as the message wrote them, unfolded as RFC 5322 (2.2.3) says: a line break followed by a space or tab
// is removed, the space or tab kept.
import type { ParsedMail } from 'mailparser';

const FOLD = /(?:\r\n|\n|\r)(?=[ \t])/g;

/**
 * mailparser instead replaces a line break and all the blanks after it with one space, so "a\r\n    b" and the same
 * field written on one line ("a    b") read differently; for a label or folder name that made two names of one.
 */
export function unfoldHeader(text: string): string {
  return text.replace(FOLD, '');
}

/**
 * The value of every `name` field of the message, in order, unfolded and trimmed. For fields whose exact text names
 * something (labels, folders, thread ids); mailparser keeps each field's raw line as binary (latin1) text, and the
 * header bytes are UTF-8 by then (withUtf8Headers).
 */
export function headerFieldValues(parsed: ParsedMail, name: string): string[] {
  const key = name.toLowerCase();
  return parsed.headerLines
    .filter((field) => field.key === key)
    .map((field) => {
      const line = unfoldHeader(Buffer.from(field.line, 'latin1').toString('utf8'));
      return line.slice(line.indexOf(':') + 1).trim();
    });
}
