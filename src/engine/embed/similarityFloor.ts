// The least cosine similarity at which a passage counts as being about a query, per embedder id.
import { UNIVERSAL_SENTENCE_ENCODER_ID } from './universalSentenceEncoder';

/** Below `floor` a passage is not about the query; when no word of the query occurs in the archive, below `unknownWords`. */
export interface SimilarityFloors {
  floor: number;
  unknownWords: number;
}

/**
 * Calibrated on the eval query sets (eval/queries/) over 250 usrp-users messages, against queries the archive cannot
 * answer: every embedder's nearest passages score something, so without a floor a query about nothing listed a hundred
 * messages. The Universal Sentence Encoder scores the passages relevant to the labelled questions 0.45 to 0.6, mail
 * that one word should find lower, and most topics foreign to the archive (recipes, football tickets, wedding dresses)
 * below 0.3, but random letters up to 0.48 (they land near hex dumps and logs), so a query none of whose words the
 * archive holds must score above those: the figures are in bench/measured-reasons.md (similarityFloor.ts).
 */
const SIMILARITY_FLOORS: Readonly<Record<string, SimilarityFloors>> = {
  [UNIVERSAL_SENTENCE_ENCODER_ID]: { floor: 0.3, unknownWords: 0.5 },
};

/** A model of the user's own (transformers:…) has not been calibrated: nothing is held back rather than relevant mail hidden. */
const UNCALIBRATED: SimilarityFloors = { floor: -1, unknownWords: -1 };

export function similarityFloors(embedderId: string): SimilarityFloors {
  return SIMILARITY_FLOORS[embedderId] ?? UNCALIBRATED;
}
