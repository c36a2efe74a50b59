// A local HTTP proxy for tests: tunnels CONNECT requests, as company proxies do for downloads, and records where to.
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface ProxyServer {
  url: string;
  /** host:port of every tunnel asked for, in order. */
  tunnels: string[];
  close(): Promise<void>;
}

export async function startProxyServer(): Promise<ProxyServer> {
  const tunnels: string[] = [];
  const server = createServer((_request, response) => response.writeHead(405).end('this proxy only tunnels (CONNECT)'));
  server.on('connect', (request, client, head) => {
    const target = request.url ?? '';
    tunnels.push(target);
    const separator = target.lastIndexOf(':');
    const upstream = connect(Number(target.slice(separator + 1)), target.slice(0, separator), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
