// Which links from the page may open in the user's browser or mail app: web and mailto only, never file: or apps.

const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/** The normalised URL to hand to the OS, or null when the link must not leave the app. */
export function externalLinkTarget(url: string): string | null {
  try {
    const parsed = new URL(url);
    return EXTERNAL_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
