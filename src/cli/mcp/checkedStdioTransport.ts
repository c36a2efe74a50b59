// MCP's stdio transport with every line checked first: malformed or oversized lines get a JSON-RPC error, never silence.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BoundedLines } from './boundedLines';
import { forTerminalLine } from '../terminalText';
import { checkJsonRpcLine, errorReply, type JsonRpcErrorReply } from './checkJsonRpcLine';

/*
 * Why not the SDK's StdioServerTransport: it hands a line that is not JSON, or not a JSON-RPC message, to onerror and
 * answers nothing, so the client waits forever; and a line over its 10 MB buffer closes the transport, which the
 * client sees as a broken pipe. Here each line is answered (-32700 parse error, -32600 invalid request, id null
 * where the line's own id cannot be read), a refused line is noted on stderr, and the next line is served.
 */

/** Far above any real request (a query is at most 10,000 characters), far below what would strain memory. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface CheckedStdioOptions {
  maxLineBytes?: number;
  /** Where refused lines are noted; stdout carries the protocol. */
  log?: (line: string) => void;
}

export class CheckedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private readonly lines: BoundedLines;
  private readonly maxLineBytes: number;
  private readonly log: (line: string) => void;
  private lineNumber = 0;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    options: CheckedStdioOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.lines = new BoundedLines(this.maxLineBytes);
    this.log = options.log ?? ((line) => console.error(forTerminalLine(line)));
  }

  private readonly onData = (chunk: Buffer | string): void => {
    for (const event of this.lines.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) {
      this.lineNumber += 1;
      if (event.kind === 'too-long') {
        this.refuse(
          errorReply(
            null,
            ErrorCode.InvalidRequest,
            `Invalid Request: request too large (${event.bytes} bytes; the limit is ${this.maxLineBytes})`,
          ),
        );
        continue;
      }
      // A blank line holds no message; some clients send one between messages.
      if (event.text.trim() === '') continue;
      const checked = checkJsonRpcLine(event.text);
      if (checked.kind === 'refused') this.refuse(checked.reply);
      else this.onmessage?.(checked.message);
    }
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  private refuse(reply: JsonRpcErrorReply): void {
    this.log(`lantern mcp: refused line ${this.lineNumber} from the client: ${reply.error.message}`);
    this.output.write(`${JSON.stringify(reply)}\n`);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    // Pausing stdin lets the process exit; another reader of it would be left running.
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.onclose?.();
  }
}
