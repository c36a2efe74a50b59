// A query that repeats a mail's whole subject is searched as that subject's words, whatever its punctuation would mean
// as a negation or a plain-English constraint: "[PATCH -next] …", "fix -EFAULT from …" or "offset == -1" read as
// exclusions left out the very mail the subject was pasted from. Issue 26: a pasted subject always finds its mail.
import type { QueryNode } from '../../shared/query/ast';
import type { Catalog } from '../index/catalog';
import { words } from '../index/fold';
import type { KeywordIndex } from '../index/keywordIndex';
import { isWholeSubject, plainQueryWords, rarestMetaWord, withoutReplyWords } from './subjectMatch';

/** Said in the result's note when a query was read as a pasted subject. */
export const PASTED_SUBJECT_NOTE = 'the query is the subject of a mail, so each of its words was searched as a word';

/** Whether the person typed an operator (`from:bob`): theirs is never overruled, as flipping a reading's chip types one. */
function hasTypedOperator(node: QueryNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some(hasTypedOperator);
    case 'not':
      return hasTypedOperator(node.child);
    case 'filter':
      return node.inferred !== true;
    default:
      return false;
  }
}

/**
 * The query text that searches `query`'s words one by one, each quoted so that no word is read as an operator, a
 * negation or a plain-English constraint, when the query is not plain words already and some mail's subject is exactly
 * its words (reply words and [list] tags aside); else null. Only the mails with the rarest of the words in their
 * subject, people or attachment names are looked at.
 */
export function pastedSubjectQuery(
  query: string,
  root: QueryNode | null,
  context: { catalog: Catalog; keywords: KeywordIndex },
): string | null {
  if (root === null || plainQueryWords(root) !== null || hasTypedOperator(root)) return null;
  const wanted = withoutReplyWords(words(query));
  if (!wanted.includes(' ')) return null;
  const rarest = rarestMetaWord(context.keywords, wanted);
  if (rarest === null) return null;
  const seen = new Set<string>();
  for (const ordinals of context.keywords.postings('meta', rarest)) {
    if (!ordinals) continue;
    for (const ordinal of ordinals) {
      const subject = context.catalog.subject(ordinal);
      if (seen.has(subject)) continue;
      seen.add(subject);
      if (isWholeSubject(subject, wanted))
        return wanted
          .split(' ')
          .map((word) => `"${word}"`)
          .join(' ');
    }
  }
  return null;
}
