// Tells a plain-text mail body's own text from what it repeats or appends: quoted replies, attribution lines,
// forwarded-below headers, list footers and signatures. The embedder drops those parts (they are embedded with their
// own message); the reader folds them behind "…".

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

/** A run of a body's lines: the author's own text, or a part the reader folds (quotes, a signature, what is below it). */
export interface ReplyPart {
  kind: 'own' | 'folded';
  text: string;
}

/** Whether each line is the author's own; every line from the signature or reply header on is not. */
function ownLines(lines: string[]): boolean[] {
  const end = endOfOwnText(lines);
  const isOwn = lines.map((_, index) => index < end);
  for (let index = 0; index < end; index += 1) {
    const line = lines[index] ?? '';
    if (QUOTED_LINE.test(line)) {
      isOwn[index] = false;
    } else if (ATTRIBUTION_START.test(line)) {
      if (ATTRIBUTION_END.test(line)) {
        isOwn[index] = false;
      } else {
        const next = lines[index + 1] ?? '';
        if (index + 1 < end && ATTRIBUTION_END.test(next) && !QUOTED_LINE.test(next)) {
          isOwn[index] = false;
          isOwn[index + 1] = false;
          index += 1;
        }
      }
    }
  }
  return isOwn;
}

function linesOf(body: string): string[] {
  return body.replace(/\r\n?/g, '\n').split('\n');
}

export function stripReplies(body: string): string {
  const lines = linesOf(body);
  const isOwn = ownLines(lines);
  return lines
    .filter((_, index) => isOwn[index])
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const isBlank = (line: string): boolean => line.trim() === '';

/**
 * The body as runs of own and folded lines, in order, every line kept. Blank lines between two folded runs join them,
 * so a quote with an empty line in it folds as one; blank lines at the edges of a run are left out of both.
 */
export function splitReplies(body: string): ReplyPart[] {
  const lines = linesOf(body);
  const isOwn = ownLines(lines);
  const runs: { isOwn: boolean; lines: string[] }[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const last = runs[runs.length - 1];
    // A blank line belongs to the run it is in; it never starts a run of its own.
    const own = isBlank(line) && last ? last.isOwn : (isOwn[index] ?? true);
    if (last && last.isOwn === own) last.lines.push(line);
    else runs.push({ isOwn: own, lines: [line] });
  }
  const parts: ReplyPart[] = [];
  for (const run of runs) {
    const text = run.lines
      .join('\n')
      .replace(/^\s*\n/, '')
      .trimEnd();
    if (text.trim() === '') continue;
    const kind = run.isOwn ? 'own' : 'folded';
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text = `${last.text}\n\n${text}`;
    else parts.push({ kind, text });
  }
  return parts;
}
