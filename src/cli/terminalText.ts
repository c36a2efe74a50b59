// Text from mail made safe to print on a terminal: control characters shown as symbols, never acted on.

/*
 * Anyone can write a subject or an attachment name. Printed raw, ESC starts sequences that recolour or clear the
 * screen, retitle the window or plant an OSC 8 hyperlink whose target differs from its text; BEL rings; a lone CR or
 * backspace overwrites what was printed; C1 characters (U+0080-U+009F) are the same sequences in one character on
 * some terminals; the bidi embeddings, overrides and isolates reorder what follows ("invoice\u202Efdp.exe" shows
 * as "invoiceexe.pdf"). Each such character is replaced by itself, made visible: C0 and DEL by their Unicode control
 * pictures (ESC prints as ␛), the others by U+FFFD. Replacing single characters rather than whole sequences keeps
 * this safe on text that arrives in pieces (an answer streamed token by token).
 */

// DEL, C1 and the bidi controls: JSON.stringify leaves these raw, unlike the C0 controls below them.
const BEYOND_C0 = '\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE_IN_TEXT = new RegExp(`\\r\\n|[\\u0000-\\u0008\\u000b-\\u001f${BEYOND_C0}]`, 'g');
const UNSAFE_IN_LINE = new RegExp(`\\r\\n|[\\u0000-\\u001f${BEYOND_C0}]`, 'g');
const UNSAFE_IN_JSON = new RegExp(`[${BEYOND_C0}]`, 'g');

const DELETE = 0x7f;
const CONTROL_PICTURES = 0x2400;
const DELETE_PICTURE = '\u2421';
const REPLACEMENT = '\ufffd';

function visible(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(CONTROL_PICTURES + code);
  if (code === DELETE) return DELETE_PICTURE;
  return REPLACEMENT;
}

/**
 * Text of several lines for a terminal: line feeds and tabs stay, a CRLF becomes a line feed, every other control
 * or bidi-reordering character is shown as a symbol. The one rule for everything the CLI prints for people.
 */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, (found) => (found === '\r\n' ? '\n' : visible(found)));
}

/** A field printed within one line (a subject, a name): line breaks and tabs become spaces, the rest as `forTerminal`. */
export function forTerminalLine(text: string): string {
  return text.replace(UNSAFE_IN_LINE, (found) =>
    found === '\r\n' || found === '\n' || found === '\r' || found === '\t' ? ' ' : visible(found),
  );
}

/** JSON text with the characters JSON.stringify leaves raw (DEL, C1, bidi) written as \u escapes: it parses to the same value. */
export function jsonForTerminal(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (found) => `\\u${found.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
