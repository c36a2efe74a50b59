// Test helper: where a message read by a test comes from, as the import tells normalizeMessage.
import type { NormalizeContext } from '../src/engine/import/normalize';

/** A message of an mbox source named test, at its start, in no folder of its own (so filed in the Inbox). */
export const testNormalizeContext: NormalizeContext = {
  sourceId: 'test',
  sourceFile: 'test.mbox',
  offset: 0,
  placement: { folder: null, labels: [] },
  defaultFolder: 'Inbox',
};
