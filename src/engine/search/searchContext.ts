// What a search reads: the catalog, the keyword index, the message store, vectors, and the engine's settings for it.
import type { SimilarityFloors } from '../embed/similarityFloor';
import type { Catalog } from '../index/catalog';
import type { ContactDirectory } from '../index/contacts';
import type { KeywordIndex } from '../index/keywordIndex';
import type { MessageStore } from '../store/messageStore';
import type { ChatGenerator } from '../answer/types';
import type { ChunkFilter } from '../vectors/chunkFilter';
import type { ChunkMatch } from '../vectors/chunkStore';
import type { PhraseVerdicts } from './phraseFilter';
import type { Reranker } from './reranker';

/** Retrieval by meaning, when vectors exist. */
export interface SemanticRetriever {
  /** Share of messages with vectors, 0..1. */
  embeddedShare(): number;
  /**
   * Best chunk per message for the text, best first, among `allowed` message ids (null: all). `filter` is the
   * query's operators on the chunks' own columns, a pre-filter that lets a narrow filter still return `limit`.
   */
  search(text: string, limit: number, allowed: Set<string> | null, filter?: ChunkFilter): Promise<ChunkMatch[]>;
  /** The stored vectors' embedder's floors (search already applies `floor`). */
  similarityFloors(): SimilarityFloors;
}

export interface SearchContext {
  contacts: ContactDirectory;
  catalog: Catalog;
  keywords: KeywordIndex;
  store: MessageStore;
  timeZone: string;
  semantic: SemanticRetriever | null;
  /** Rerank mode's second stage; without it rerank runs as hybrid. */
  reranker?: Reranker;
  /** What earlier searches learnt about which messages hold which phrases. */
  phraseVerdicts: PhraseVerdicts;
  /** The configured answer provider's model, for hyde mode; null (or absent) when answers are extractive. */
  languageModel?: () => ChatGenerator | null;
}
