// Whether an address stays on this machine: one answer for the engine (is a provider remote?) and the settings UI
// (warn that answers leave the machine).

export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
  } catch {
    return false;
  }
}
