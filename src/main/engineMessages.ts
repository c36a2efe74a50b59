// Checks the shape of messages from the engine's utility process before main acts on them.
import { z } from 'zod';
import { assertNever } from '../shared/assertNever';
import type { ApiMethod, ApiResult, LanternEvent } from '../shared/contract/api';
import type { EngineMessage } from '../shared/contract/engine';
import type { ErrorCode, WireError } from '../shared/contract/errors';

// Records, not lists, so a new error code or event type that is not listed here does not compile.
const ERROR_CODES = {
  'bad-request': true,
  'not-found': true,
  'unreadable-path': true,
  'not-mail': true,
  cancelled: true,
  'engine-unavailable': true,
  'store-busy': true,
  'read-only': true,
  'download-failed': true,
  internal: true,
} as const satisfies Record<ErrorCode, true>;

const EVENT_TYPES = {
  'import-progress': true,
  'import-finished': true,
  'embedding-progress': true,
  'ocr-progress': true,
  'answer-token': true,
  'store-changed': true,
  'model-download': true,
  'engine-restarted': true,
} as const satisfies Record<LanternEvent['type'], true>;

const wireError = z.object({
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
});

const sequence = z.number().int().nonnegative();

// Results and event payloads are typed by the engine's own compiler check; here we only check the envelope,
// so a malformed message is logged and dropped instead of crashing main or hanging a call.
const engineMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('result'), seq: sequence, result: z.unknown() }),
  z.object({ kind: z.literal('error'), seq: sequence, error: wireError }),
  z.object({
    kind: z.literal('event'),
    event: z.looseObject({ type: z.enum(Object.keys(EVENT_TYPES) as [LanternEvent['type'], ...LanternEvent['type'][]]) }),
  }),
]);

export type MessageCheck = { ok: true; message: EngineMessage } | { ok: false; problem: string };

/** Checks one message posted by the utility process. */
export function checkEngineMessage(data: unknown): MessageCheck {
  const parsed = engineMessage.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`);
    return { ok: false, problem: `engine client: dropped a malformed message from the engine (${problems.join('; ')})` };
  }
  const message = parsed.data;
  switch (message.kind) {
    case 'ready':
      return { ok: true, message };
    case 'result':
      return { ok: true, message: { kind: 'result', seq: message.seq, result: message.result as ApiResult<ApiMethod> } };
    case 'error':
      return { ok: true, message: { kind: 'error', seq: message.seq, error: message.error satisfies WireError } };
    case 'event':
      return { ok: true, message: { kind: 'event', event: message.event as LanternEvent } };
    default:
      return assertNever(message, 'engine message kind');
  }
}
