// Who may talk to browser mode: our own origin on loopback, holding the session token (no DNS rebinding, no other sites).
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../shared/contract/http';

export type Verdict = 'ok' | 'bad-host' | 'bad-origin' | 'no-token';

/** A cookie's value; one whose percent-encoding is broken is kept as sent, so it reads as a wrong token, not a failure. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Compares bytes, not characters: a non-ASCII value as long as the token in characters is longer in bytes. */
export function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const givenBytes = Buffer.from(given);
  const tokenBytes = Buffer.from(token);
  return givenBytes.length === tokenBytes.length && timingSafeEqual(givenBytes, tokenBytes);
}

export function checkRequest(request: IncomingMessage, port: number, token: string, tokenInQuery: string | null): Verdict {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!allowedHosts.includes(request.headers.host ?? '')) return 'bad-host';
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedHosts.map((host) => `http://${host}`).includes(origin)) return 'bad-origin';
  const header = request.headers[TOKEN_HEADER];
  const given =
    (typeof header === 'string' ? header : undefined) ?? cookieValue(request.headers.cookie, TOKEN_COOKIE) ?? tokenInQuery ?? undefined;
  return sameToken(given, token) ? 'ok' : 'no-token';
}
