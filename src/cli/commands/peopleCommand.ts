// `lantern people [FILTER|ADDRESS]`: the archive's (or a search's) correspondents, one person's detail, or an address kept apart or rejoined.
import type { PeopleList, PeopleSort, PersonDetail, PersonSummary } from '../../shared/model/people';
import type { SearchMode } from '../../shared/model/search';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { forTerminalLine } from '../terminalText';
import { UsageError } from '../usage';

const SORTS: readonly PeopleSort[] = ['messages', 'last', 'name'];
const MODES: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'];

export interface PeopleFlags {
  query?: string;
  mode?: string;
  sort?: string;
  limit?: string;
  offset?: string;
  separate?: string;
  rejoin?: string;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`lantern people: --${name} must be a whole number, not "${value}"`);
  return Number(value);
}

function personLine(person: PersonSummary): string {
  const tags = [person.isOwner ? 'owner' : '', person.isList ? 'list' : ''].filter(Boolean).join(', ');
  const others = person.addresses.length > 1 ? ` +${person.addresses.length - 1} addresses` : '';
  return forTerminalLine(
    `${String(person.messages).padStart(6)}  ${String(person.fromThem).padStart(5)} from  ${String(person.toThem).padStart(5)} to  ` +
      `${(person.lastDate ?? '').slice(0, 10)}  ${person.name} <${person.id}>${others}${tags ? ` (${tags})` : ''}`,
  );
}

function printList(list: PeopleList, offset: number): void {
  const lines = [
    ...(list.query === null ? [] : [forTerminalLine(`In the ${list.messages} messages of: ${list.query}`)]),
    `${list.total} people${list.people.length < list.total ? `, ${offset + 1}–${offset + list.people.length} shown` : ''} (${list.tookMs} ms)`,
    list.owner.rule,
    list.countingRule,
    'messages   sent  received  last date   person',
    ...list.people.map(personLine),
  ];
  printText(lines.join('\n'));
}

function printPerson(detail: PersonDetail): void {
  const { person } = detail;
  const peak = Math.max(1, ...detail.months.map((month) => month.messages));
  const lines = [
    personLine(person),
    ...person.addresses.map((address) =>
      forTerminalLine(
        `  ${address.address} (${address.messages})${address.reason ? `: ${address.reason.replace(/-/g, ' ')} as ${address.matchedWith}` : ''}` +
          `${address.isSeparated ? ' [kept apart]' : ''}`,
      ),
    ),
    forTerminalLine(`Their mail: ${person.query}`),
    `Months ${detail.months[0]?.month ?? ''}–${detail.months.at(-1)?.month ?? ''}: ${detail.months.map((month) => ' ▁▂▃▄▅▆▇█'[Math.ceil((month.messages / peak) * 8)]).join('')}`,
    'With:',
    ...detail.coCorrespondents.map((other) => forTerminalLine(`  ${String(other.messages).padStart(5)}  ${other.name} <${other.id}>`)),
    'Threads:',
    ...detail.threads.map((thread) =>
      forTerminalLine(`  ${String(thread.messages).padStart(5)}  ${thread.lastDate.slice(0, 10)}  ${thread.subject}`),
    ),
    'Attachments:',
    ...detail.attachments.map((attachment) =>
      forTerminalLine(`  ${attachment.date.slice(0, 10)}  ${attachment.filename} (${attachment.size} bytes) [${attachment.messageId}]`),
    ),
    forTerminalLine(`Words (from ${detail.wordsFromMessages} messages): ${detail.words.map((word) => word.word).join(', ')}`),
  ];
  printText(lines.join('\n'));
}

export async function runPeople(argument: string | undefined, flags: PeopleFlags, dataDir: string, json: boolean): Promise<number> {
  if (flags.sort !== undefined && !SORTS.includes(flags.sort as PeopleSort))
    throw new UsageError(`lantern people: --sort must be messages, last or name, not "${flags.sort}"`);
  if (flags.mode !== undefined && !MODES.includes(flags.mode as SearchMode))
    throw new UsageError(`lantern people: --mode must be one of ${MODES.join(', ')}, not "${flags.mode}"`);
  const limit = wholeNumber('limit', flags.limit, 50);
  const offset = wholeNumber('offset', flags.offset, 0);
  if (flags.separate !== undefined && flags.rejoin !== undefined)
    throw new UsageError('lantern people: give --separate or --rejoin, not both');
  const change = flags.separate ?? flags.rejoin;
  const engine = await openCliEngine(dataDir, { access: change === undefined ? 'read' : 'write' });
  try {
    if (change !== undefined) {
      const separated = await engine.separateAddress(change, flags.separate !== undefined);
      if (json) printJson({ separated });
      else printText(`Kept apart from the alias rule: ${separated.length === 0 ? 'no addresses' : separated.join(', ')}`);
      return 0;
    }
    if (argument?.includes('@')) {
      const detail = await engine.getPerson(argument);
      if (!detail) throw new UsageError(`lantern people: no mail to or from ${argument}`);
      if (json) printJson(detail);
      else printPerson(detail);
      return 0;
    }
    const list = await engine.listPeople({
      query: flags.query,
      mode: flags.mode as SearchMode | undefined,
      filter: argument,
      sort: flags.sort as PeopleSort | undefined,
      limit,
      offset,
    });
    if (json) printJson(list);
    else printList(list, offset);
    return 0;
  } finally {
    await engine.close();
  }
}
