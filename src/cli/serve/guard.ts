// Who may talk to browser mode: our own origin on loopback, holding the session token (no DNS rebinding, no other sites).
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../shared/contract/http';

export type Verdict = 'ok' | 'bad-host' | 'bad-origin' | 'no-token';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function sameToken(given: string | undefined, token: string): boolean {
  if (!given || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

export function checkRequest(request: IncomingMessage, port: number, token: string, tokenInQuery: string | null): Verdict {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!allowedHosts.includes(request.headers.host ?? '')) return 'bad-host';
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedHosts.map((host) => `http://${host}`).includes(origin)) return 'bad-origin';
  const header = request.headers[TOKEN_HEADER];
  const given = (typeof header === 'string' ? header : undefined) ?? cookieValue(request.headers.cookie, TOKEN_COOKIE) ?? tokenInQuery ?? undefined;
  return sameToken(given, token) ? 'ok' : 'no-token';
}
