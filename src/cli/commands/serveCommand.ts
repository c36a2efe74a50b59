// `lantern serve`: browser mode on 127.0.0.1 until interrupted.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { builtFile, openCliEngine } from '../openCliEngine';
import { startBrowserServer } from '../serve/browserServer';
import { UsageError } from '../usage';

const DEFAULT_PORT = 4960;

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  spawn(command, args, { stdio: 'ignore', detached: true })
    .on('error', () => console.error(`lantern serve: could not open a browser; open ${url} yourself`))
    .unref();
}

export async function runServe(portFlag: string | undefined, open: boolean, dataDir: string): Promise<number> {
  const port = portFlag === undefined ? DEFAULT_PORT : Number(portFlag);
  if (!/^\d+$/.test(portFlag ?? '0') || port > 65535)
    throw new UsageError(`lantern serve: --port must be a number from 0 to 65535, not "${portFlag}"`);
  const rendererDir = builtFile('renderer');
  if (!existsSync(`${rendererDir}/index.html`)) throw new UsageError('lantern serve: the app is not built; run `npm run build` first');
  const engine = await openCliEngine(dataDir, { embedding: 'background' });
  const server = await startBrowserServer(engine, { port, rendererDir, dataDir });
  console.log(`Lantern browser mode: ${server.url}`);
  if (open) openInBrowser(server.url);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  await engine.close();
  return 0;
}
