// Printing results: JSON for --json, short human text otherwise, every human line made safe for a terminal.
import { plainStorageError } from '../shared/contract/storageErrors';
import { buildFolderTree } from '../shared/folderTree/buildFolderTree';
import { visibleRows } from '../shared/folderTree/visibleRows';
import type { Folder } from '../shared/model/folder';
import type { MessageDetail } from '../shared/model/message';
import type { SearchHit, SearchResult } from '../shared/model/search';
import type { Stats } from '../shared/model/stats';
import { describeStoreHealth } from '../shared/model/storeHealth';
import type { EmbeddingReport } from '../shared/model/embedding';
import { forTerminal, forTerminalLine, jsonForTerminal } from './terminalText';
import { nothingFoundLines } from './nothingFound';

/** Prints a value as JSON, with the characters a terminal acts on escaped (it parses to the same value). */
export function printJson(value: unknown): void {
  process.stdout.write(`${jsonForTerminal(JSON.stringify(value, null, 2))}\n`);
}

/** Prints text for people on stdout: everything human-readable goes through here, so mail cannot drive the terminal. */
export function printText(text: string): void {
  console.log(forTerminal(text));
}

/** Prints an error for people on stderr; errors echo what was given (an id, a file name, an attachment's name). */
export function printError(text: string): void {
  console.error(forTerminal(plainStorageError(text)));
}

/** "(3 of 12 in its conversation match) " when other messages of the hit's conversation match too. */
function threadMatchesText(hit: SearchHit): string {
  return hit.threadMatches ? `(${hit.threadMatches + 1} of ${hit.threadSize} in its conversation match) ` : '';
}

export function printSearch(result: SearchResult): void {
  const lines = [
    `${result.isTotalEstimated ? 'about ' : ''}${result.total} results (${result.mode}${result.modeNote ? `: ${result.modeNote}` : ''}, ${result.tookMs} ms)`,
  ];
  for (const warning of result.parsed.warnings) lines.push(`warning: ${warning}`);
  lines.push(...nothingFoundLines(result));
  const other = result.parsed.alternative;
  if (other && !other.isShown) {
    const reading = other.flips.map((flip) => `"${flip.text}" as ${other.reads === 'words' ? 'a word' : flip.meaning}`).join(', ');
    lines.push(`other reading: ${reading} (${other.total ?? '?'} results): ${forTerminalLine(other.query)}`);
  }
  for (const hit of result.hits) {
    const sender = forTerminalLine(hit.from.name || hit.from.address).slice(0, 24);
    lines.push(
      `${hit.date.slice(0, 10)}  ${sender.padEnd(24)}  ${forTerminalLine(hit.subject).slice(0, 70)}  ${hit.hasAttachments ? '📎 ' : ''}${threadMatchesText(hit)}[${hit.id}]`,
    );
  }
  printText(lines.join('\n'));
}

export function printMessage(message: MessageDetail): void {
  const people = (list: { name: string; address: string }[]): string =>
    forTerminalLine(list.map((person) => (person.name ? `${person.name} <${person.address}>` : person.address)).join(', '));
  const lines = [
    `From: ${people([message.from])}`,
    `To: ${people(message.to)}`,
    ...(message.cc.length > 0 ? [`Cc: ${people(message.cc)}`] : []),
    `Date: ${message.date}`,
    `Subject: ${forTerminalLine(message.subject)}`,
    forTerminalLine(`Folder: ${message.folder}${message.labels.length > 0 ? `  Labels: ${message.labels.join(', ')}` : ''}`),
    ...message.attachments.map((attachment) =>
      forTerminalLine(`Attachment: ${attachment.filename} (${attachment.contentType}, ${attachment.size} bytes)`),
    ),
    '',
    message.text,
  ];
  printText(lines.join('\n'));
}

/** The folder tree as the app shows it, indented: each source, its labels in Gmail's order, then its folders. */
export function printFolders(folders: Folder[]): void {
  const rows = visibleRows(buildFolderTree(folders), { isCollapsed: () => false });
  const lines = rows.map(({ node, level }) => {
    const count = node.hasMail ? String(node.count) : '';
    const unread = node.unread > 0 ? String(node.unread) : '';
    return `${count.padStart(7)}  ${unread.padStart(6)}  ${'  '.repeat(level - 1)}${forTerminalLine(node.name)}${node.kind === 'label' ? '  (label)' : ''}`;
  });
  printText(['  count  unread  folder', ...lines].join('\n'));
}

export function printStats(stats: Stats): void {
  printText(
    [
      `${stats.messages} messages in ${stats.threads} threads; ${stats.folders} folders, ${stats.labels} labels, ${stats.attachments} attachments`,
      `${stats.embeddedMessages} of ${stats.messages} messages embedded, ${stats.embeddedChunks} passages${stats.embedderId ? ` (${stats.embedderId})` : ''}`,
      ...(stats.imageText && stats.imageText.total > 0
        ? [`${stats.imageText.done} of ${stats.imageText.total} messages with images or scanned pages read (lantern ocr)`]
        : []),
      ...stats.sources.map((source) =>
        forTerminalLine(`source ${source.id}: ${source.path} (${source.kind}, ${source.messages} messages, imported ${source.importedAt})`),
      ),
      // What a damaged store lost and which files to import again, worded as the app's status bar words it.
      ...(stats.storeHealth ? describeStoreHealth(stats.storeHealth).map(forTerminalLine) : []),
    ].join('\n'),
  );
}

export function printEmbedding(report: EmbeddingReport): void {
  printText(
    `${report.embedded} of ${report.total} messages have vectors (${report.embedderId}); ${report.chunks} passages embedded in ${(report.elapsedMs / 1000).toFixed(1)} s.`,
  );
}
