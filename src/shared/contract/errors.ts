// Error codes and their wire form: Electron keeps only `message` of a thrown Error, so errors cross as data.
import { plainStorageError } from './storageErrors';

export type ErrorCode =
  | 'bad-request'
  | 'not-found'
  | 'unreadable-path'
  | 'not-mail'
  | 'cancelled'
  | 'engine-unavailable'
  /** Another Lantern process is writing to this data folder. */
  | 'store-busy'
  /** A read-only engine (the MCP server, read commands) was asked to write. */
  | 'read-only'
  /** A model download failed (network, HTTP status, checksum, disk); the message says why in one sentence. */
  | 'download-failed'
  | 'internal';

export interface WireError {
  code: ErrorCode;
  message: string;
}

/** An error with a code that survives any host boundary. */
export class LanternError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LanternError';
  }

  toWire(): WireError {
    return { code: this.code, message: this.message };
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof LanternError) return error.toWire();
  if (error instanceof Error) return { code: 'internal', message: plainStorageError(error.message) };
  return { code: 'internal', message: plainStorageError(String(error)) };
}

export function fromWireError(wire: WireError): LanternError {
  return new LanternError(wire.code, wire.message);
}
