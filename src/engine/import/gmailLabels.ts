// Reads Gmail's X-Gmail-Labels header: comma-separated labels that may contain spaces and double-quoted commas.
/** One header's labels; the header is unfolded already (unfoldHeader), so a folded label is the same label. */
export function parseGmailLabels(header: string): string[] {
  if (header.trim() === '') return [];
  const labels: string[] = [];
  let current = '';
  let quoted = false;
  for (const character of header) {
    if (character === '"') quoted = !quoted;
    else if (character === ',' && !quoted) {
      labels.push(current);
      current = '';
    } else current += character;
  }
  labels.push(current);
  return labels.map((label) => label.trim()).filter((label) => label !== '');
}
