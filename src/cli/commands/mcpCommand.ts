// `lantern mcp`: the MCP server on stdio over a read-only engine, safe to run beside the app.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/mcpServer';
import { openCliEngine } from '../openCliEngine';

/** Reported to MCP clients; kept with package.json's version. */
const SERVER_VERSION = '0.1.0';

export async function runMcp(dataDir: string): Promise<number> {
  const engine = await openCliEngine(dataDir, { access: 'read' });
  const server = createMcpServer(engine, SERVER_VERSION);
  const transport = new StdioServerTransport();
  // stdout carries the protocol: anything the engine logs goes to stderr.
  console.log = console.error;
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await server.close().catch(() => undefined);
  await engine.close();
  return 0;
}
