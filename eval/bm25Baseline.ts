// The eval's "bm25 (baseline)" row: a plain BM25 over subject + body text of exactly the messages a slice's store holds.
import type { Engine } from '../src/engine/api/engineTypes';
import { buildBm25Index, searchBm25 } from './bm25';
import { readSliceMessages } from './sliceMessages';

export const BASELINE_ROW = 'bm25 (baseline)';

export interface BaselineResult {
  /** Message-IDs, best first. */
  ranked: string[];
  tookMs: number;
}

export type BaselineSearch = (query: string, limit: number) => BaselineResult;

/** Builds the index in this process from the store's messages; each identical copy is a document of its own, as in the store. */
export async function openBm25Baseline(engine: Engine): Promise<BaselineSearch> {
  const documents = (await readSliceMessages(engine)).flatMap((message) =>
    [message.messageId, ...message.copyMessageIds].map((id) => ({ id, text: `${message.subject}\n${message.text}` })),
  );
  const index = buildBm25Index(documents);
  return (query, limit) => {
    const started = performance.now();
    const ranked = searchBm25(index, query, limit).map((hit) => hit.id);
    return { ranked, tookMs: performance.now() - started };
  };
}
