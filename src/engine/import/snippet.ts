// The short preview line of a message: its first words of new text, skipping quoted replies.

const SNIPPET_CHARS = 200;

export function makeSnippet(text: string): string {
  const lines = text.split('\n', 200).filter((line) => !line.startsWith('>') && !/^On .+wrote:\s*$/.test(line.trim()));
  const collapsed = lines.join(' ').replace(/\s+/g, ' ').trim();
  return collapsed.length > SNIPPET_CHARS ? `${collapsed.slice(0, SNIPPET_CHARS - 1)}…` : collapsed;
}
