// The fetch model downloads use: undici's, through the proxy HTTPS_PROXY or HTTP_PROXY names (NO_PROXY honoured), else direct.
import { EnvHttpProxyAgent, fetch as undiciFetch, type Response } from 'undici';

/** Node's built-in fetch ignores the proxy variables, so downloads use the undici package's with its environment agent. */
export type DownloadFetch = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

export interface DownloadConnection {
  fetch: DownloadFetch;
  close(): Promise<void>;
}

/** One download's connections; the agent reads the proxy variables now, so a changed environment applies to the next download. */
export function openDownloadConnection(): DownloadConnection {
  const agent = new EnvHttpProxyAgent();
  return {
    fetch: (url, init) => undiciFetch(url, { ...init, dispatcher: agent }),
    close: () => agent.close(),
  };
}

/** The proxy the environment names for downloads, or null. */
export function configuredProxy(): string | null {
  const environment = process.env;
  return environment.https_proxy || environment.HTTPS_PROXY || environment.http_proxy || environment.HTTP_PROXY || null;
}
