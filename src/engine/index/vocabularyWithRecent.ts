// The keyword index's vocabulary after documents were added: the packed postings' words, read and sorted once for as
// long as those postings stand, with the words added since beside them.
import { KeywordVocabulary } from './keywordVocabulary';

/**
 * A vocabulary made afresh after each batch of an import read every packed word again and sorted them anew (a third
 * of a second of the engine's thread at 100k messages, per batch, while searches waited): this one asks `packed`,
 * which lives as long as the packed postings, for the packed words, and keeps only the recent words of its own.
 */
export class VocabularyWithRecent extends KeywordVocabulary {
  constructor(
    private readonly packed: KeywordVocabulary,
    recent: Iterable<string>,
  ) {
    super(() => [], recent);
  }

  override beginningWith(prefix: string, most: number): string[] {
    return this.packed.beginningWith(prefix, most);
  }
}
