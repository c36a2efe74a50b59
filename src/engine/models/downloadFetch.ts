// The fetch model downloads use: through the proxy HTTPS_PROXY or HTTP_PROXY names unless NO_PROXY exempts the host, else direct.
// undici is loaded by the first download through a proxy: the engine's start (every command) does not wait for it.
import type { ProxyAgent } from 'undici';

/** What the manager reads of a response; Node's fetch and the undici package's both give it. */
export type DownloadResponse = Pick<Response, 'ok' | 'status' | 'url' | 'headers' | 'body' | 'json'>;

export type DownloadFetch = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<DownloadResponse>;

export interface DownloadConnection {
  fetch: DownloadFetch;
  close(): Promise<void>;
}

/** NO_PROXY entries: "*", a host, ".domain" or "*.domain" (a domain and its subdomains), optionally with :port. */
function isExempt(url: URL, noProxy: string): boolean {
  return noProxy
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const [name = '', port] = entry.split(':');
      if (port !== undefined && port !== url.port) return false;
      const domain = name.replace(/^\*?\./, '').toLowerCase();
      const host = url.hostname.toLowerCase();
      return host === domain || host.endsWith(`.${domain}`);
    });
}

/** The proxy the environment names for `url`, or null. */
export function proxyFor(url: string): string | null {
  const target = new URL(url);
  const environment = process.env;
  const httpProxy = environment.http_proxy || environment.HTTP_PROXY;
  const proxy = target.protocol === 'https:' ? environment.https_proxy || environment.HTTPS_PROXY || httpProxy : httpProxy;
  if (!proxy || isExempt(target, environment.no_proxy || environment.NO_PROXY || '')) return null;
  return proxy;
}

/**
 * One download's connections. Node's built-in fetch ignores the proxy variables, so a request that must go through a
 * proxy uses the undici package's fetch with its ProxyAgent (a CONNECT tunnel); the variables are read per download.
 */
export function openDownloadConnection(): DownloadConnection {
  const agents = new Map<string, ProxyAgent>();
  return {
    fetch: async (url, init) => {
      const proxy = proxyFor(url);
      if (proxy === null) return fetch(url, init);
      const { ProxyAgent, fetch: undiciFetch } = await import('undici');
      let agent = agents.get(proxy);
      if (!agent) {
        agent = new ProxyAgent(proxy);
        agents.set(proxy, agent);
      }
      return (await undiciFetch(url, { ...init, dispatcher: agent })) as unknown as DownloadResponse;
    },
    close: async () => {
      await Promise.all([...agents.values()].map((agent) => agent.close()));
    },
  };
}
