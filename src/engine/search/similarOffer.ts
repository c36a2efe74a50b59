// After a search that found nothing: how many messages are about similar things, so the header can offer to show them.
import type { SimilarityFloors } from '../embed/similarityFloor';
import type { SearchRequest, SearchResult } from '../../shared/model/search';
import type { SearchContext } from './searchContext';

/** Why a `similar` search lists what it does, for the person (the results header shows it). */
export const SIMILAR_NOTE =
  'showing messages about similar things: no message holds these words or is near enough in meaning to match them';

/**
 * The least similarity a `similar` search lists when no word of the query occurs in the archive (a query with known
 * words keeps the ordinary floor, which the vectors' search applies anyway): halfway between the two calibrated floors,
 * 0.4 for the Universal Sentence Encoder. The words-unknown floor (0.5) is the one that found nothing; the ordinary
 * floor (0.3) would offer the hex dumps and logs that any letters land near. On 250 usrp-users messages, misspelt words
 * about the archive's topics reach 0.42 to 0.49 (fpgaaa imageee upgraddde: 37 messages, the best about FPGA images),
 * while xylophonequartz (0.38) and foreign topics (at most 0.38) are offered nothing. No threshold parts them from every
 * string of random letters (qwzxv plorbnik reaches 0.48, so 3 are offered): the offer is the person's to take, and the
 * header still says that no messages match.
 */
export function similarThreshold(floors: SimilarityFloors): number {
  return (floors.floor + floors.unknownWords) / 2;
}

/**
 * Adds `similarCount` to a result with nothing in it: the total of the same request run with `similar`, which lists at
 * most the semantic stage's candidates (100), so the offer's number is what clicking it shows. Nothing is added when
 * meaning search cannot run, when the embedder is uncalibrated (its floors hold nothing back, so nothing can be told
 * to be similar rather than merely nearest), or when the query has no words.
 */
export async function withSimilarCount(
  request: SearchRequest,
  result: SearchResult,
  context: SearchContext,
  searchSimilar: (similar: SearchRequest) => Promise<SearchResult>,
): Promise<SearchResult> {
  if (result.total > 0 || request.similar || result.parsed.text.trim() === '') return result;
  if (!context.semantic || context.semantic.embeddedShare() <= 0 || context.semantic.similarityFloors().floor < 0) return result;
  const similar = await searchSimilar({ ...request, similar: true, offset: 0, limit: 1 });
  return similar.total > 0 ? { ...result, similarCount: similar.total, tookMs: result.tookMs + similar.tookMs } : result;
}
