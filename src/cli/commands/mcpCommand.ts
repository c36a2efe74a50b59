// `lantern mcp`: the MCP server on stdio over a read-only engine, safe to run beside the app.
import type { Engine } from '../../engine/api/engineTypes';
import type { ApiArguments, ApiMethod, ApiResult } from '../../shared/contract/api';
import { callMethod, forwardApi } from '../../shared/contract/forwarders';
import type { ToolApi } from '../mcp/mcpServer';
import { openCliEngine } from '../openCliEngine';
import { errorMessage } from '../../shared/errorMessage';

/** Reported to MCP clients; kept with package.json's version. */
const SERVER_VERSION = '0.1.0';

/**
 * Tools that wait for the engine: the server answers the client's handshake at once while a large store loads, and a
 * store that cannot be opened becomes the error of every tool call instead of a server that exits without a word.
 */
function whenOpen(opening: Promise<Engine>): ToolApi {
  return forwardApi(async <M extends ApiMethod>(method: M, args: ApiArguments<M>): Promise<ApiResult<M>> =>
    callMethod(await opening, method, args),
  );
}

export async function runMcp(dataDir: string): Promise<number> {
  // stdout carries the protocol: anything the engine logs goes to stderr.
  console.log = console.error;
  const opening = openCliEngine(dataDir, { access: 'read' }).catch((error: unknown) => {
    throw new Error(`lantern mcp: cannot open the data folder ${dataDir}: ${errorMessage(error)}`);
  });
  opening.catch((error: Error) => console.error(error.message));
  // The MCP SDK and its schemas load while the store opens (issue 25: the first call's wait is both).
  const [{ createMcpServer }, { CheckedStdioTransport }] = await Promise.all([
    import('../mcp/mcpServer'),
    import('../mcp/checkedStdioTransport'),
  ]);
  const server = createMcpServer(whenOpen(opening), SERVER_VERSION);
  // What the SDK cannot handle (a failed send, a handler that throws outside a tool) is said on stderr, not dropped.
  server.server.onerror = (error) => console.error(`lantern mcp: ${error.message}`);
  const transport = new CheckedStdioTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await server.close().catch(() => undefined);
  await opening.then((engine) => engine.close()).catch(() => undefined);
  return 0;
}
