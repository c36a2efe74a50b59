// HyDE (hypothetical document embeddings): a language model writes the mail that would answer the query, and semantic
// search compares that passage, not the few words typed, with the archive; it shares vocabulary the query lacks.
import type { ChatGenerator, ChatMessage } from '../answer/types';

/** About a hundred words carry the topic; stopping there keeps a search waiting seconds, not an answer's minute. */
export const PASSAGE_CHARACTERS = 600;
/** Pages of one search must use one passage, or results would shuffle between pages: recent passages are kept. */
const CACHED_PASSAGES = 100;

const INSTRUCTIONS =
  'You write one short email, as it would appear in a mailing list archive, that answers or discusses the search ' +
  'below. Use the technical words such an email would use. Three to five sentences of plain text: no greeting, no ' +
  'signature, no preamble.';

export function hypotheticalPrompt(query: string): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `Search: ${query}` },
  ];
}

/** The text semantic search embeds: the query keeps its own meaning at the front, the passage adds the mail's words. */
export function hydeSearchText(query: string, passage: string): string {
  return `${query}\n${passage}`;
}

// Keyed by the model's generator, so a changed answer provider never reuses another model's passages.
const passagesByModel = new WeakMap<ChatGenerator, Map<string, string>>();

function remember(cache: Map<string, string>, query: string, passage: string): void {
  cache.set(query, passage);
  if (cache.size > CACHED_PASSAGES) cache.delete(cache.keys().next().value!);
}

/** Asks the model for a passage answering `query`; cut at about PASSAGE_CHARACTERS. Throws when it writes nothing. */
export async function writeHypotheticalPassage(query: string, generate: ChatGenerator): Promise<{ passage: string; isCached: boolean }> {
  let cache = passagesByModel.get(generate);
  if (!cache) {
    cache = new Map();
    passagesByModel.set(generate, cache);
  }
  const cached = cache.get(query);
  if (cached !== undefined) return { passage: cached, isCached: true };

  const enough = new AbortController();
  let written = '';
  let text: string;
  try {
    text = await generate(hypotheticalPrompt(query), {
      signal: enough.signal,
      onToken: (token) => {
        written += token;
        if (written.length >= PASSAGE_CHARACTERS) enough.abort();
      },
    });
  } catch (error) {
    // Stopping the model once the passage is long enough is ours, not a failure: keep what it wrote.
    if (!enough.signal.aborted) throw error;
    text = written;
  }
  const passage = text.replace(/\s+/g, ' ').trim().slice(0, PASSAGE_CHARACTERS);
  if (passage === '') throw new Error('hyde: the language model wrote nothing for this query');
  remember(cache, query, passage);
  return { passage, isCached: false };
}
