// The catalog's ordinals by Message-ID: the one ordinal of almost every message, a list for the few stored more than once.
import type { StringList } from './stringList';

export type OrdinalsByMessageId = Map<string, number | number[]>;

/** How many messages a step of messageIdSteps notes: a few milliseconds. */
const STEP_MESSAGES = 8192;

export function noteMessageId(ordinals: OrdinalsByMessageId, messageId: string, ordinal: number): void {
  if (!messageId) return;
  const known = ordinals.get(messageId);
  if (known === undefined) ordinals.set(messageId, ordinal);
  else if (typeof known === 'number') ordinals.set(messageId, [known, ordinal]);
  else known.push(ordinal);
}

/** The ordinals of `messageIds`' first `size` values, made a step at a time (see runInTurns); gives them at the end. */
export function* messageIdSteps(messageIds: StringList, size: number): Generator<void, OrdinalsByMessageId> {
  const values = messageIds.all();
  yield;
  const ordinals: OrdinalsByMessageId = new Map();
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    noteMessageId(ordinals, values[ordinal]!, ordinal);
    if (ordinal % STEP_MESSAGES === STEP_MESSAGES - 1) yield;
  }
  return ordinals;
}

/** The same, made at once. */
export function messageIdOrdinals(messageIds: StringList, size: number): OrdinalsByMessageId {
  const steps = messageIdSteps(messageIds, size);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
