// The English words the plain-English pass understands: counts, kinds of attachment, recency and filler.
import type { AttachmentKind } from './ast';
import { QUESTION_VERBS, QUESTION_WORDS } from './questionWords';

/** Numbers written as words, one to a hundred (and a dozen): for counts in queries and for amounts in answers. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/** Counts a person may ask for; larger numbers are more likely part of the content (a year, an amount). */
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;

/** A count written as digits or words ("5", "five", "twenty-five"), within 1-100; null otherwise. */
export function countOf(word: string): number | null {
  let value: number | null = null;
  if (/^\d{1,3}$/.test(word)) value = Number(word);
  else if (NUMBER_WORDS[word] !== undefined) value = NUMBER_WORDS[word]!;
  else {
    const compound = /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)$/.exec(word);
    if (compound) value = NUMBER_WORDS[compound[1]!]! + NUMBER_WORDS[compound[2]!]!;
  }
  return value !== null && value >= LIMIT_MIN && value <= LIMIT_MAX ? value : null;
}

/** Plural nouns name a kind of attachment on their own; singular ones only after a/the/a count ("the pdf"). */
const PLURAL_KINDS: Record<string, AttachmentKind> = {
  pdfs: 'pdf',
  decks: 'presentation',
  slides: 'presentation',
  presentations: 'presentation',
  slideshows: 'presentation',
  spreadsheets: 'spreadsheet',
  sheets: 'spreadsheet',
  workbooks: 'spreadsheet',
  docs: 'document',
  documents: 'document',
  images: 'image',
  photos: 'image',
  pictures: 'image',
  pics: 'image',
  screenshots: 'image',
  attachments: 'attachment',
};

const SINGULAR_KINDS: Record<string, AttachmentKind> = {
  pdf: 'pdf',
  deck: 'presentation',
  presentation: 'presentation',
  slideshow: 'presentation',
  spreadsheet: 'spreadsheet',
  sheet: 'spreadsheet',
  workbook: 'spreadsheet',
  doc: 'document',
  document: 'document',
  image: 'image',
  photo: 'image',
  picture: 'image',
  screenshot: 'image',
  attachment: 'attachment',
};

export function attachmentKindOf(word: string, afterDeterminer: boolean): AttachmentKind | null {
  return PLURAL_KINDS[word] ?? (afterDeterminer ? (SINGULAR_KINDS[word] ?? null) : null);
}

/** Words that make a singular kind noun mean the attachment ("the pdf", "a deck", "latest spreadsheet"). */
export const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'any',
  'my',
  'our',
  'their',
  'his',
  'her',
  'that',
  'this',
  'latest',
  'newest',
  'recent',
  'oldest',
  'earliest',
  'last',
  'first',
]);

/** Words for mail itself, in both the mail nouns and the filler of a request. */
export const MAIL_WORDS = [
  'email',
  'emails',
  'e-mail',
  'e-mails',
  'mail',
  'mails',
  'message',
  'messages',
  'thread',
  'threads',
  'conversation',
  'conversations',
];

/** Nouns for mail itself: after a count they confirm the count is a limit, otherwise they are filler. */
export const MAIL_NOUNS = new Set([...MAIL_WORDS, 'result', 'results', 'file', 'files', 'item', 'items', 'ones']);

export type Recency = 'newest' | 'oldest';

/** Words that order by date on their own. */
export const RECENCY_WORDS: Record<string, Recency> = {
  latest: 'newest',
  newest: 'newest',
  recent: 'newest',
  oldest: 'oldest',
  earliest: 'oldest',
};

/** Words that order by date only before a count or a noun ("last 3 emails", "first pdfs"). */
export const WEAK_RECENCY_WORDS: Record<string, Recency> = { last: 'newest', first: 'oldest' };

/** Question and command words that carry no content. */
export const FILLER_WORDS = new Set<string>([
  ...QUESTION_WORDS,
  ...QUESTION_VERBS,
  'done',
  'doing',
  'be',
  'been',
  'might',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  'me',
  'us',
  'them',
  'him',
  'my',
  'our',
  'your',
  'their',
  'its',
  'discuss',
  'discussed',
  'discussing',
  'discussion',
  'talk',
  'talked',
  'talking',
  'say',
  'said',
  'says',
  'list',
  'show',
  'find',
  'get',
  'give',
  'search',
  'look',
  'looking',
  'see',
  'fetch',
  'bring',
  'open',
  'tell',
  'the',
  'a',
  'an',
  'that',
  'those',
  'these',
  'this',
  'there',
  'here',
  'some',
  'any',
  'all',
  'every',
  'each',
  'mention',
  'mentions',
  'mentioned',
  'mentioning',
  'about',
  'regarding',
  'concerning',
  're',
  'containing',
  'contain',
  'contains',
  'include',
  'includes',
  'including',
  'related',
  'relating',
  'of',
  'for',
  'in',
  'on',
  'at',
  'with',
  'to',
  'by',
  'and',
  'or',
  'please',
  'just',
  'only',
  'most',
  'top',
  'sent',
  'received',
  'got',
  'wrote',
  'written',
  'send',
  ...MAIL_WORDS,
  'ones',
]);

/** Words that open a request for mail: a question, or a command to list or find it. */
export const REQUEST_OPENERS = new Set<string>([
  ...QUESTION_WORDS,
  'list',
  'show',
  'find',
  'get',
  'give',
  'search',
  'fetch',
  'bring',
  'open',
  'tell',
]);

/** Prepositions before a date: how the named period bounds the search. */
export type DateRelation = 'within' | 'since' | 'after' | 'before';

export const DATE_PREPOSITIONS: Record<string, DateRelation> = {
  in: 'within',
  on: 'within',
  during: 'within',
  from: 'within',
  of: 'within',
  at: 'within',
  since: 'since',
  after: 'after',
  before: 'before',
  until: 'before',
};

/** Prepositions before a person, and the field they mean. */
export const PERSON_PREPOSITIONS = { with: 'participants', from: 'from', to: 'to', by: 'from', between: 'participants' } as const;
