// A query that is a mail's whole subject (with or without its Re:/Fwd: and [list] tags) ranks that mail first: a pasted
// subject finds its mail even when its words are common ("USRP X310", "UHD Error").
import type { QueryNode } from '../../shared/query/ast';
import { words } from '../index/fold';
import type { KeywordIndex } from '../index/keywordIndex';

/** A message whose subject the query repeats counts this many times its word score. */
export const WHOLE_SUBJECT_FACTOR = 2;

const REPLY_WORDS = new Set(['re', 'fw', 'fwd', 'aw', 'wg', 'sv', 'tr', 'antw']);

/** Folded words without the reply and forward words that lead them ("re fwd budget" -> "budget"). */
export function withoutReplyWords(folded: string[]): string {
  let start = 0;
  while (start < folded.length - 1 && REPLY_WORDS.has(folded[start]!)) start += 1;
  return folded.slice(start).join(' ');
}

/** The query's text when it is nothing but words (one, or several ANDed), else null. */
function plainQueryText(root: QueryNode | null): string | null {
  if (root === null) return null;
  const nodes = root.kind === 'and' ? root.children : [root];
  if (!nodes.every((node) => node.kind === 'text')) return null;
  return nodes.map((node) => (node.kind === 'text' ? node.value : '')).join(' ');
}

/** The query's words, reply words left out, when it is nothing but words (one, or several ANDed), else null. */
export function plainQueryWords(root: QueryNode | null): string | null {
  const text = plainQueryText(root);
  const folded = text === null ? '' : withoutReplyWords(words(text));
  return folded === '' ? null : folded;
}

const LIST_TAG = /\[[^\]]*\]/g;

/** A subject's (or a query's) words without its reply words and [list] or [PATCH v2] tags: what its versions share. */
export function sharedSubjectWords(text: string): string {
  return withoutReplyWords(words(text.replace(LIST_TAG, ' ')));
}

/**
 * What a plain query of several words is as a subject: `whole`, its words (a mail whose subject is them is the one
 * pasted), and `shared`, its words without tags (the other versions and replies of that subject); null otherwise.
 */
export function querySubject(root: QueryNode | null): { whole: string; shared: string } | null {
  const text = plainQueryText(root);
  if (text === null) return null;
  const whole = withoutReplyWords(words(text));
  if (!whole.includes(' ')) return null;
  const shared = sharedSubjectWords(text);
  return { whole, shared: shared === '' ? whole : shared };
}

/** Whether the subject's words, reply words left out, are `wanted`, with its [list] tags or without them. */
export function isWholeSubject(subject: string, wanted: string): boolean {
  return withoutReplyWords(words(subject)) === wanted || sharedSubjectWords(subject) === wanted;
}

/**
 * Whether a subject is a query's words (`whole`, as isWholeSubject tells), else whether it is them but for its tags
 * (`shared`), else null; `wanted` is querySubject's. A subject without a [tag] is folded once, not three times.
 */
export function subjectVerdict(subject: string, wanted: { whole: string; shared: string }): 'whole' | 'shared' | null {
  const plain = withoutReplyWords(words(subject));
  const untagged = subject.includes('[') ? sharedSubjectWords(subject) : plain;
  if (plain === wanted.whole || untagged === wanted.whole) return 'whole';
  return untagged === wanted.shared ? 'shared' : null;
}

/**
 * The one of `wanted`'s words (space-separated) held in the fewest subjects, people or attachment names; null when one
 * of them is in none, so no subject can be them. Only the messages holding it need their subject compared.
 */
export function rarestMetaWord(keywords: KeywordIndex, wanted: string): string | null {
  let rarest: { word: string; count: number } | null = null;
  for (const word of new Set(wanted.split(' '))) {
    const count = keywords.frequency('meta', word);
    if (count === 0) return null;
    if (rarest === null || count < rarest.count) rarest = { word, count };
  }
  return rarest?.word ?? null;
}
