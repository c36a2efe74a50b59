// The short preview line of a message: its first words of new text, skipping quoted replies.

const SNIPPET_CHARS = 200;
/** Lines looked at, at most: a preview comes from the start of a message. */
const SNIPPET_LINES = 200;
const ATTRIBUTION = /^On .+wrote:\s*$/;
const SPACING = /\s+/g;

export function makeSnippet(text: string): string {
  let snippet = '';
  let start = 0;
  // Line by line, only as far as the preview reaches: splitting and joining a long patch's first 200 lines for 200
  // characters was a noticeable part of parsing a message.
  for (let line = 0; line < SNIPPET_LINES && start <= text.length; line += 1) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const current = text.slice(start, end);
    start = end + 1;
    if (current.startsWith('>') || ATTRIBUTION.test(current.trim())) continue;
    // The snippet so far is spaced as this leaves it (single spaces, none first), so the line alone is collapsed rather
    // than the whole snippet again for each line: only where the two join can two spaces meet.
    const collapsed = current.replace(SPACING, ' ');
    const head = snippet.endsWith(' ') ? snippet.slice(0, -1) : snippet;
    const tail = collapsed.startsWith(' ') ? collapsed.slice(1) : collapsed;
    snippet = head === '' ? tail : `${head} ${tail}`;
    // What is left after trimming its end can no longer change as lines are added.
    if (snippet.trimEnd().length > SNIPPET_CHARS) break;
  }
  snippet = snippet.trim();
  return snippet.length > SNIPPET_CHARS ? `${snippet.slice(0, SNIPPET_CHARS - 1)}…` : snippet;
}
