// The import table's row for short mail in many folders (bench/lanternShortMail.ts): whole commands beside mu and notmuch.
import { round } from './measure';

export interface ShortMailRun {
  messages: number;
  folders: number;
  archiveMb: number;
  imported: number;
  wholeMs: number;
  reportedMs: number;
  messagesPerSecond: number;
  megabytesPerSecond: number;
  storeMb: number;
  muMessagesPerSecond: number;
  notmuchMessagesPerSecond: number;
  peers: string[];
}

/** A row of the import table: Lantern as a whole `lantern import` command (start-up and the merge after it included). */
export function shortMailLine(run: ShortMailRun): string {
  const ratio = (theirs: number): string => `${round(run.messagesPerSecond / theirs, 2)}×`;
  return `| short mail, ${run.folders} folders (${round(run.messages / 1000, 0)}k), whole \`lantern import\` | ${round(run.messagesPerSecond, 0)} | ${round(run.megabytesPerSecond)} | – | ${round(run.storeMb)} | in the command | ${round(run.notmuchMessagesPerSecond, 0)} | ${round(run.muMessagesPerSecond, 0)} | ${ratio(run.muMessagesPerSecond)} | ${ratio(run.notmuchMessagesPerSecond)} |`;
}

/** What the row is, said once under the table. */
export function shortMailNote(run: ShortMailRun): string {
  return `Short mail: both shared list archives cut to each message's first paragraph of own text (quotes and signatures left out), ${run.messages} messages (${round(run.archiveMb)} MB) filed in ${run.folders} nested maildir folders, made at bench time (bench/shortMailCorpus.ts); Lantern timed as a whole \`lantern import\` from its start to its exit (${round(run.wholeMs / 1000)} s, ${round(run.reportedMs / 1000)} s by its own report, ${run.imported} stored, the rest copies of one mail), mu and notmuch as whole \`mu index\` and \`notmuch new\`.`;
}
