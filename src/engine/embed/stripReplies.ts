// Reduces a plain-text mail body to what its author wrote: quoted replies, attribution lines, forwarded-below
// headers, list footers and signatures go, because they repeat text that is embedded with its own message.

/** "On Tue, Apr 30, 2019 at 10:53 AM Someone <" + "someone@example.com> wrote:" may wrap onto a second line. */
const ATTRIBUTION_START = /^\s*On\s.+/;
const ATTRIBUTION_END = /\bwrote:\s*$/;
const QUOTED_LINE = /^\s*>/;
/** RFC 3676 says "-- "; many clients trim the trailing space. */
const SIGNATURE_DELIMITER = /^-- ?$/;
const ORIGINAL_MESSAGE = /^\s*-{3,}\s*Original Message\s*-{3,}\s*$/i;
const RULE_LINE = /^\s*_{10,}\s*$/;
const OUTLOOK_FROM = /^\s*\*?From:\*?\s/;
const OUTLOOK_SENT = /^\s*\*?(Sent|Envoyé|Gesendet):\*?\s/;

function isOutlookHeaderAt(lines: string[], index: number): boolean {
  if (!OUTLOOK_FROM.test(lines[index] ?? '')) return false;
  // Outlook puts Sent: within a few lines of From:; a forward written by Gmail uses Date:, and its text is kept.
  return lines.slice(index + 1, index + 4).some((line) => OUTLOOK_SENT.test(line));
}

function isMailingListFooterAt(lines: string[], index: number): boolean {
  if (!RULE_LINE.test(lines[index] ?? '')) return false;
  const next = lines.slice(index + 1).find((line) => line.trim() !== '');
  return next !== undefined && /mailing list/i.test(next);
}

/** The index of the first line of everything below the author's own text, or the line count if there is none. */
function endOfOwnText(lines: string[]): number {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (SIGNATURE_DELIMITER.test(line) || ORIGINAL_MESSAGE.test(line)) return index;
    if (isMailingListFooterAt(lines, index)) return index;
    // Outlook's reply header, sometimes under a rule of underscores.
    if (isOutlookHeaderAt(lines, index)) return RULE_LINE.test(lines[index - 1] ?? '') ? index - 1 : index;
  }
  return lines.length;
}

export function stripReplies(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const own = lines.slice(0, endOfOwnText(lines));
  const kept: string[] = [];
  for (let index = 0; index < own.length; index += 1) {
    const line = own[index] ?? '';
    if (QUOTED_LINE.test(line)) continue;
    if (ATTRIBUTION_START.test(line)) {
      if (ATTRIBUTION_END.test(line)) continue;
      const next = own[index + 1] ?? '';
      if (ATTRIBUTION_END.test(next) && !QUOTED_LINE.test(next)) {
        index += 1;
        continue;
      }
    }
    kept.push(line.trimEnd());
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
