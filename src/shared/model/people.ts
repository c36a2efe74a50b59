// The people of an archive: correspondents with their addresses grouped into one person each, and one person's detail.
import type { SearchMode } from './search';

/** Why an address was put with a person's others: shown beside it, and undone by keeping the address separate. */
export type AliasReason =
  /** Both were written under the same name once middle initials, case, accents and "Last, First" are set aside. */
  | 'same-name'
  /** The same personal local part (adam.hall@) at one domain and its subdomain. */
  | 'same-local-part'
  /** The address spells the person's name (adam.hall@… for "Adam Hall") and carries no other name. */
  | 'name-in-address';

export interface PersonAddress {
  address: string;
  /** The names it was written under, most used first. */
  names: string[];
  /** Messages it is on (sender or recipient). */
  messages: number;
  /** Why it joined the person; null for the address the person is named by. */
  reason: AliasReason | null;
  /** The address it was matched with. */
  matchedWith: string | null;
  /** Kept apart from everyone by the person's choice (undone by rejoining it). */
  isSeparated: boolean;
}

export interface PersonSummary {
  /** The address with the most messages: pass it to `getPerson`. */
  id: string;
  name: string;
  addresses: PersonAddress[];
  /** Messages with the person as sender or recipient (To, Cc or Bcc). */
  messages: number;
  /** Messages the person sent: mail received from them. */
  fromThem: number;
  /** Messages addressed to the person; by the owner only, when the archive's owner is known. */
  toThem: number;
  /** ISO 8601 dates of their first and last message. */
  firstDate: string | null;
  lastDate: string | null;
  isOwner: boolean;
  /** A mailing list's address (its List-Id or many senders' names), not a person. */
  isList: boolean;
  /** The search for their mail: participants: over each of their addresses. */
  query: string;
}

/** Who the archive belongs to, and how that was decided: "sent to" a person is relative to them. */
export interface PeopleOwner {
  /** The owner's person id, or null when no mail was found in a Sent folder. */
  id: string | null;
  name: string;
  /** One sentence for the view: the rule and its evidence. */
  rule: string;
}

export type PeopleSort = 'messages' | 'last' | 'name';

export interface PeopleRequest {
  /** Count only the mail this search matches (any operator, any mode): the people of a search. Empty: all mail. */
  query?: string;
  /** The search's mode (default auto). */
  mode?: SearchMode;
  /** As SearchRequest's: the query is still being typed, so its last word also matches the words it begins. */
  isTyping?: boolean;
  /** Words every listed person's name or one of their addresses contains (type-to-filter). */
  filter?: string;
  sort?: PeopleSort;
  limit?: number;
  offset?: number;
}

export interface PeopleList {
  /** People matching the filter, on all pages. */
  total: number;
  /** The search the counts are over (as asked), or null for all mail. */
  query: string | null;
  /** Messages the counts are over. */
  messages: number;
  people: PersonSummary[];
  owner: PeopleOwner;
  /** How "from them" and "to them" are counted, in one sentence. */
  countingRule: string;
  /** How addresses are grouped into people, in one sentence. */
  aliasRule: string;
  tookMs: number;
}

export interface PersonMonth {
  /** YYYY-MM, UTC. */
  month: string;
  messages: number;
}

export interface CoCorrespondent {
  id: string;
  name: string;
  /** Messages both are on. */
  messages: number;
  /** The search for the mail between the two. */
  pairQuery: string;
}

export interface PersonThread {
  threadId: string;
  subject: string;
  /** The person's messages in it. */
  messages: number;
  lastDate: string;
  /** The id of the person's latest message in it, to open. */
  latestId: string;
  query: string;
}

export interface PersonAttachment {
  /** The id of the message that carries it (an AttachmentRef's messageId). */
  messageId: string;
  index: number;
  filename: string;
  contentType: string;
  size: number;
  date: string;
}

export interface DistinctiveWord {
  word: string;
  /** TF-IDF against the whole archive. */
  score: number;
}

export interface PersonDetail {
  person: PersonSummary;
  /** Every month from their first to their last message, with the person's messages in each. */
  months: PersonMonth[];
  coCorrespondents: CoCorrespondent[];
  threads: PersonThread[];
  /** Their latest attachments (sent or received), newest first. */
  attachments: PersonAttachment[];
  words: DistinctiveWord[];
  /** How many of their messages the words were read from. */
  wordsFromMessages: number;
  tookMs: number;
}
