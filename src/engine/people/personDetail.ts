// One person's detail, computed on demand in one pass over the catalog: monthly strip, who they write with, threads, attachments.
import type { CoCorrespondent, PersonAttachment, PersonMonth, PersonThread } from '../../shared/model/people';
import { quoteValue } from '../../shared/query/quoteValue';
import type { Catalog } from '../index/catalog';
import type { PeopleSnapshot } from './peopleIndex';

const TOP_PEOPLE = 12;
const TOP_THREADS = 10;
const LATEST_ATTACHMENTS = 24;

export interface PersonActivity {
  months: PersonMonth[];
  coCorrespondents: CoCorrespondent[];
  threads: PersonThread[];
  attachments: PersonAttachment[];
  /** Ordinals of the messages they sent, newest first (the words are read from these). */
  sentOrdinals: number[];
  /** Ordinals of every message they are on, newest first. */
  allOrdinals: number[];
}

function monthOf(date: number): string {
  return new Date(date).toISOString().slice(0, 7);
}

/** Every month from the first to the last, so the strip shows quiet months as gaps. */
function monthRange(counts: Map<string, number>): PersonMonth[] {
  const known = [...counts.keys()].sort();
  if (known.length === 0) return [];
  const months: PersonMonth[] = [];
  let [year, month] = known[0]!.split('-').map(Number) as [number, number];
  const last = known[known.length - 1]!;
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push({ month: key, messages: counts.get(key) ?? 0 });
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export function personActivity(catalog: Catalog, snapshot: PeopleSnapshot, personIndex: number): PersonActivity {
  const { book, grouping, people } = snapshot;
  const { groupOf } = grouping;
  const person = people[personIndex]!;
  const months = new Map<string, number>();
  const together = new Map<number, number>();
  const threads = new Map<string, { messages: number; latest: number }>();
  const sentOrdinals: number[] = [];
  const allOrdinals: number[] = [];
  const others = new Set<number>();
  for (let ordinal = 0; ordinal < book.size; ordinal += 1) {
    const sender = book.senderOf[ordinal]!;
    const isSender = sender >= 0 && groupOf[sender] === personIndex;
    const recipients = book.recipientsOf(ordinal);
    let isOn = isSender;
    for (let index = 0; !isOn && index < recipients.length; index += 1) isOn = groupOf[recipients[index]!] === personIndex;
    if (!isOn) continue;
    allOrdinals.push(ordinal);
    if (isSender) sentOrdinals.push(ordinal);
    const date = catalog.dates[ordinal]!;
    const month = monthOf(date);
    months.set(month, (months.get(month) ?? 0) + 1);
    others.clear();
    if (sender >= 0) others.add(groupOf[sender]!);
    for (const recipient of recipients) others.add(groupOf[recipient]!);
    others.delete(personIndex);
    for (const other of others) together.set(other, (together.get(other) ?? 0) + 1);
    const threadId = catalog.threadId(ordinal);
    const thread = threads.get(threadId);
    if (!thread) threads.set(threadId, { messages: 1, latest: ordinal });
    else {
      thread.messages += 1;
      if (date >= catalog.dates[thread.latest]!) thread.latest = ordinal;
    }
  }
  const newestFirst = (first: number, second: number): number => catalog.dates[second]! - catalog.dates[first]!;
  allOrdinals.sort(newestFirst);
  sentOrdinals.sort(newestFirst);
  const attachments: PersonAttachment[] = [];
  for (const ordinal of allOrdinals) {
    if (attachments.length >= LATEST_ATTACHMENTS) break;
    catalog.attachments(ordinal).forEach((attachment, index) => {
      if (attachments.length >= LATEST_ATTACHMENTS) return;
      attachments.push({
        messageId: catalog.id(ordinal),
        index,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.size,
        date: new Date(catalog.dates[ordinal]!).toISOString(),
      });
    });
  }
  return {
    months: monthRange(months),
    coCorrespondents: [...together.entries()]
      .sort((first, second) => second[1] - first[1] || first[0] - second[0])
      .slice(0, TOP_PEOPLE)
      .map(([group, messages]) => {
        const other = people[group]!;
        return { id: other.id, name: other.name, messages, pairQuery: `${person.query} ${other.query}` };
      }),
    threads: [...threads.entries()]
      .sort((first, second) => second[1].messages - first[1].messages || catalog.dates[second[1].latest]! - catalog.dates[first[1].latest]!)
      .slice(0, TOP_THREADS)
      .map(([threadId, thread]) => ({
        threadId,
        subject: catalog.subject(thread.latest),
        messages: thread.messages,
        lastDate: new Date(catalog.dates[thread.latest]!).toISOString(),
        latestId: catalog.id(thread.latest),
        query: `@thread:${quoteValue(threadId)} ${person.query}`,
      })),
    attachments,
    sentOrdinals,
    allOrdinals,
  };
}
