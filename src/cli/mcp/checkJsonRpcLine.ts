// Checks one line from an MCP client as a JSON-RPC 2.0 message: the message itself, or the error reply it deserves.
import {
  ErrorCode,
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  RequestIdSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../shared/errorMessage';

/** An error reply; the id is null when the line's own id cannot be read (JSON-RPC 2.0, section 5). */
export interface JsonRpcErrorReply {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

export type CheckedLine = { kind: 'message'; message: JSONRPCMessage } | { kind: 'refused'; reply: JsonRpcErrorReply };

const MESSAGE_FIELDS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

export function errorReply(id: RequestId | null, code: ErrorCode, message: string): JsonRpcErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function invalid(id: RequestId | null, why: string): CheckedLine {
  return { kind: 'refused', reply: errorReply(id, ErrorCode.InvalidRequest, `Invalid Request: ${why}`) };
}

/** The SDK's schema for the kind of message the object looks like, so a refusal names what that kind lacks. */
function schemaFor(value: Record<string, unknown>) {
  if ('method' in value) return 'id' in value ? JSONRPCRequestSchema : JSONRPCNotificationSchema;
  return 'error' in value ? JSONRPCErrorResponseSchema : JSONRPCResultResponseSchema;
}

export function checkJsonRpcLine(text: string): CheckedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'refused', reply: errorReply(null, ErrorCode.ParseError, `Parse error: the line is not JSON (${errorMessage(error)})`) };
  }
  if (Array.isArray(value)) return invalid(null, 'send one JSON-RPC message per line; batches are not supported');
  if (typeof value !== 'object' || value === null) return invalid(null, 'a JSON-RPC message is a JSON object');
  const message = value as Record<string, unknown>;
  const readId = RequestIdSchema.safeParse(message.id);
  const id = readId.success ? readId.data : null;
  if (message.jsonrpc !== '2.0') return invalid(id, 'jsonrpc must be "2.0"');
  if ('id' in message && !readId.success) return invalid(null, 'id must be a string or a whole number');
  if (!('method' in message) && !('result' in message) && !('error' in message)) return invalid(id, 'a request needs a method');
  if ('method' in message && typeof message.method !== 'string') return invalid(id, 'method must be a string');
  const unknown = Object.keys(message).filter((key) => !MESSAGE_FIELDS.has(key));
  if (unknown.length > 0) return invalid(id, `a JSON-RPC message has no field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
  const parsed = schemaFor(message).safeParse(message);
  if (parsed.success) return { kind: 'message', message: parsed.data };
  const issue = parsed.error.issues[0];
  return invalid(id, issue ? [...issue.path.map(String), issue.message].join(': ') : 'not a request, notification or response');
}
