// Turns what went wrong in a model download into one sentence a person can act on: offline, DNS, proxy, TLS, HTTP, a cut.
import { LanternError } from '../../shared/contract/errors';
import { describeBytes } from '../../shared/models/byteSize';
import { proxyFor } from './downloadFetch';

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** fetch wraps the reason ("bad port", "unknown scheme") in a TypeError that only says "fetch failed". */
function innermostMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function proxyNote(url: string): string {
  const proxy = proxyFor(url);
  return proxy
    ? ` (through the proxy ${proxy}, named by HTTPS_PROXY or HTTP_PROXY: check it, or NO_PROXY for a mirror inside the network)`
    : '';
}

/** Why a connection for `url` failed before or while bytes arrived; `bytesKept` are kept for resuming. */
export function connectionFailure(error: unknown, url: string, bytesKept: number): LanternError {
  const { host } = new URL(url);
  const code = codeOf(error);
  const kept = bytesKept > 0 ? `; ${describeBytes(bytesKept)} are kept and the next get resumes from there` : '';
  let sentence: string;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    sentence = `could not find ${host} (DNS): this computer seems offline, or the name is wrong${proxyNote(url)}`;
  else if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'ENETDOWN')
    sentence = `could not reach ${host}: this computer seems offline${proxyNote(url)}`;
  else if (code === 'ECONNREFUSED') sentence = `${host} refused the connection: nothing is serving there now${proxyNote(url)}`;
  else if (
    code === 'ETIMEDOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  )
    sentence = `${host} did not answer in time: the network is slow or blocks it${proxyNote(url)}`;
  else if (code !== undefined && (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('CERT_')))
    sentence = `the secure connection to ${host} failed (TLS: ${code}): a network that inspects HTTPS, or a wrong clock, can cause this`;
  else if (
    code === 'ECONNRESET' ||
    code === 'UND_ERR_SOCKET' ||
    code === 'EPIPE' ||
    (error instanceof Error && error.message === 'terminated')
  )
    sentence = `the connection to ${host} was cut midway`;
  else sentence = `the download from ${host} failed (${innermostMessage(error)})`;
  return new LanternError('download-failed', `models: ${sentence}${kept}`);
}

/** Why an HTTP answer other than 200/206 stops a download of `what` from `host`. */
export function statusFailure(status: number, host: string, what: string): LanternError {
  let sentence: string;
  if (status === 401 || status === 403)
    sentence = `${host} refused ${what} (HTTP ${status}): the repository needs a sign-in or an accepted licence, which Lantern does not do; download it in a browser and use the files`;
  else if (status === 404) sentence = `${host} does not have ${what} (HTTP 404): the mirror lacks it, or the repository moved`;
  else if (status === 429) sentence = `${host} asks to slow down (HTTP 429): try again in a few minutes`;
  else if (status >= 500) sentence = `${host} failed to serve ${what} (HTTP ${status}, a server error): try again later`;
  else sentence = `${host} answered HTTP ${status} for ${what}`;
  return new LanternError('download-failed', `models: ${sentence}`);
}
