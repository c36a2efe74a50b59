// Printing results: JSON for --json, short human text otherwise.
import type { Folder } from '../shared/model/folder';
import type { ImportReport } from '../shared/model/importing';
import type { MessageDetail } from '../shared/model/message';
import type { SearchResult } from '../shared/model/search';
import type { Stats } from '../shared/model/stats';
import type { EmbeddingReport } from '../shared/model/embedding';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printImport(report: ImportReport): void {
  const lines = [`Imported ${report.imported} messages (${report.duplicates} already stored, ${report.failed} failed) in ${(report.elapsedMs / 1000).toFixed(1)} s; ${report.messages} in the store.`];
  for (const error of report.errors.slice(0, 20)) lines.push(`  ${error.source}${error.position ? ` (${error.position})` : ''}: ${error.reason}`);
  if (report.errors.length > 20) lines.push(`  … and ${report.errors.length - 20} more (see --json)`);
  console.log(lines.join('\n'));
}

export function printSearch(result: SearchResult): void {
  const lines = [`${result.isTotalEstimated ? 'about ' : ''}${result.total} results (${result.mode}${result.modeNote ? `: ${result.modeNote}` : ''}, ${result.tookMs} ms)`];
  for (const warning of result.parsed.warnings) lines.push(`warning: ${warning}`);
  for (const hit of result.hits) {
    lines.push(`${hit.date.slice(0, 10)}  ${(hit.from.name || hit.from.address).slice(0, 24).padEnd(24)}  ${hit.subject.slice(0, 70)}  ${hit.hasAttachments ? '📎 ' : ''}[${hit.id}]`);
  }
  console.log(lines.join('\n'));
}

export function printMessage(message: MessageDetail): void {
  const people = (list: { name: string; address: string }[]): string => list.map((person) => (person.name ? `${person.name} <${person.address}>` : person.address)).join(', ');
  const lines = [
    `From: ${people([message.from])}`,
    `To: ${people(message.to)}`,
    ...(message.cc.length > 0 ? [`Cc: ${people(message.cc)}`] : []),
    `Date: ${message.date}`,
    `Subject: ${message.subject}`,
    `Folder: ${message.folder}${message.labels.length > 0 ? `  Labels: ${message.labels.join(', ')}` : ''}`,
    ...message.attachments.map((attachment) => `Attachment: ${attachment.filename} (${attachment.contentType}, ${attachment.size} bytes)`),
    '',
    message.text,
  ];
  console.log(lines.join('\n'));
}

export function printFolders(folders: Folder[]): void {
  console.log(folders.map((folder) => `${String(folder.count).padStart(7)}  ${folder.kind.padEnd(6)}  ${folder.path}  (${folder.source})`).join('\n'));
}

export function printStats(stats: Stats): void {
  console.log(
    [
      `${stats.messages} messages in ${stats.threads} threads; ${stats.folders} folders, ${stats.labels} labels, ${stats.attachments} attachments`,
      `${stats.embeddedMessages} of ${stats.messages} messages embedded, ${stats.embeddedChunks} passages${stats.embedderId ? ` (${stats.embedderId})` : ''}`,
      ...stats.sources.map((source) => `source ${source.id}: ${source.path} (${source.kind}, ${source.messages} messages, imported ${source.importedAt})`),
    ].join('\n'),
  );
}

export function printEmbedding(report: EmbeddingReport): void {
  console.log(`${report.embedded} of ${report.total} messages have vectors (${report.embedderId}); ${report.chunks} passages embedded in ${(report.elapsedMs / 1000).toFixed(1)} s.`);
}
