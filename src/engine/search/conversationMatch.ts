// Finds the conversations whose messages hold every term of a plain word query between them though none holds them all
// ("budget" in a mail, "approval" in its reply): each one's best message becomes a match, ranked after the messages
// that hold every term themselves.
import type { QueryNode } from '../../shared/query/ast';
import { isExcludedMessage } from './excludedByDefault';
import type { Catalog } from '../index/catalog';
import { words } from '../index/fold';
import type { KeywordIndex } from '../index/keywordIndex';
import { inverseFrequency, type Evaluation } from './evaluate';
import { threadMembers } from './threadMembers';
import { lowestAt } from './bitset';

/** Below the messages holding every word, conversations score up to this share of the lowest of them. */
const CONVERSATION_SHARE = 0.5;
/** Term masks are 32-bit: a longer query is a description, which search by meaning serves better. */
const MAX_TERMS = 31;
/**
 * At most this many messages are looked at per query, conversation by conversation from the rarest word's holders:
 * a query whose rarest word is in tens of thousands of mails has its matches anyway, and stays fast.
 */
const MAX_VISITS = 5_000;

/** The keyword stage's matches, with the messages whose words completed each conversation match, by its best message. */
export interface KeywordMatches extends Evaluation {
  helpers: Map<number, number[]>;
  /** Each conversation's best message's score by its own words, before it was placed below the full matches. */
  ownScores: ReadonlyMap<number, number>;
}

export interface ConversationContext {
  catalog: Catalog;
  keywords: KeywordIndex;
}

/**
 * The query's terms, each as its words, when it is nothing but plain terms (no phrase, operator, negation or OR); else
 * null. A term of several words ("use-after-free", "io_uring_register") is one thing: one message must hold all of it.
 */
export function plainTerms(root: QueryNode | null): string[][] | null {
  if (root === null) return null;
  const nodes = root.kind === 'and' ? root.children : [root];
  const terms: string[][] = [];
  for (const node of nodes) {
    if (node.kind !== 'text' || node.phrase) return null;
    const termWords = words(node.value);
    if (termWords.length > 0 && !terms.some((term) => term.join(' ') === termWords.join(' '))) terms.push(termWords);
  }
  return terms;
}

/**
 * Marks each such conversation's best message (the most and rarest of the terms, then the newest) as a match of
 * `keyword` and scores it; returns, per best message, the other messages whose terms it needed. Messages in Trash or
 * Spam take no part, as plain word queries leave them out. Only the conversations of the rarest word's holders are
 * read, from the words' fields matching recorded, so no posting is walked twice.
 */
export function matchConversations(
  root: QueryNode | null,
  keyword: Evaluation,
  context: ConversationContext,
  /** Filled with the found messages' scores by their own words, before they are placed (see `placed`). */
  ownScores: Map<number, number>,
): Map<number, number[]> {
  const found = new Map<number, number[]>();
  const terms = plainTerms(root);
  const recorded = keyword.wordFields;
  if (terms === null || terms.length < 2 || terms.length > MAX_TERMS || recorded === undefined) return found;
  const { catalog, keywords } = context;
  const termHolders = terms.map((term) => term.map((word) => recorded.get(word)));
  const counts = new Map(terms.flat().map((word) => [word, keywords.frequency('content', word) + keywords.frequency('meta', word)]));
  if (termHolders.some((holders) => holders.some((bits) => bits === undefined)) || [...counts.values()].includes(0)) return found;
  const weights = terms.map((term) => term.reduce((sum, word) => sum + inverseFrequency(counts.get(word)!, catalog.size), 0));
  const rarest = [...counts].reduce((first, second) => (second[1] < first[1] ? second : first))[0];
  const everyTerm = terms.length === 31 ? 0x7fffffff : (1 << terms.length) - 1;
  const grouping = threadMembers(catalog);
  const seen = new Uint8Array(grouping.threads);
  let visits = 0;
  for (const field of ['meta', 'content'] as const) {
    for (const ordinals of keywords.postings(field, rarest)) {
      if (!ordinals) continue;
      for (const holder of ordinals) {
        if (holder >= catalog.size) continue;
        const thread = grouping.threadOf[holder]!;
        if (seen[thread]) continue;
        seen[thread] = 1;
        // A lone mail, or a conversation one of whose messages holds every word: nothing to add.
        if (grouping.isLone(thread) || keyword.matches[holder]) continue;
        const members = grouping.membersOf(thread);
        if (visits > MAX_VISITS) return placed(found, keyword, ownScores);
        visits += members.length;
        const match = bestOfConversation(members, termHolders as Uint8Array[][], weights, everyTerm, keyword, catalog);
        if (match !== null) found.set(match.best, match.helpers);
      }
    }
  }
  return placed(found, keyword, ownScores);
}

/**
 * Scores each conversation's best message by its own words' score plus its best helper's, scaled below the lowest
 * score of a message holding every word (on the eval's queries, letting strong conversations rise among them lost
 * more relevant mail than it found), and marks it a match.
 */
function placed(found: Map<number, number[]>, keyword: Evaluation, ownScores: Map<number, number>): Map<number, number[]> {
  if (found.size === 0) return found;
  const { matches, scores } = keyword;
  const lowest = lowestAt(matches, scores);
  const evidence = new Map([...found].map(([best, helpers]) => [best, scores[best]! + scores[helpers[0]!]!]));
  const strongest = Math.max(...evidence.values());
  for (const [best, score] of evidence) {
    ownScores.set(best, scores[best]!);
    matches[best] = 1;
    scores[best] = lowest === Infinity ? score : lowest * CONVERSATION_SHARE * (score / strongest);
  }
  return found;
}

/**
 * The conversation's best message and the others holding words it lacks (the best of them first), when its messages
 * hold every word between them and none holds all; null otherwise (one that does is a match already).
 */
function bestOfConversation(
  members: ArrayLike<number> & Iterable<number>,
  termHolders: readonly (readonly Uint8Array[])[],
  weights: readonly number[],
  everyTerm: number,
  keyword: Evaluation,
  catalog: Catalog,
): { best: number; helpers: number[] } | null {
  const masks = new Map<number, number>();
  let union = 0;
  for (const member of members) {
    let mask = 0;
    for (let term = 0; term < termHolders.length; term += 1) if (termHolders[term]!.every((holders) => holders[member])) mask |= 1 << term;
    if (mask === 0 || isExcludedMessage(catalog, member)) continue;
    // One message holds every term (as written, or in another form of its stem): the conversation is found already.
    if (mask === everyTerm || keyword.matches[member]) return null;
    masks.set(member, mask);
    union |= mask;
  }
  if (union !== everyTerm) return null;
  const weightOf = (mask: number): number => weights.reduce((sum, weight, term) => (mask & (1 << term) ? sum + weight : sum), 0);
  let best = -1;
  for (const [member, mask] of masks) {
    const difference = best === -1 ? 1 : weightOf(mask) - weightOf(masks.get(best)!);
    if (difference > 0 || (difference === 0 && catalog.dates[member]! > catalog.dates[best]!)) best = member;
  }
  const lacking = everyTerm & ~masks.get(best)!;
  const helpers = [...masks.keys()]
    .filter((member) => member !== best && masks.get(member)! & lacking)
    .sort((first, second) => keyword.scores[second]! - keyword.scores[first]! || first - second);
  return { best, helpers };
}
