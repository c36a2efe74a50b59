// `lantern ocr`: runs or resumes the OCR stage (text read from images and scanned PDF pages), then embeds what it read.
import type { OcrReport } from '../../shared/model/ocr';
import { TEXT_READ_FROM_IMAGE } from '../../shared/model/attachment';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { progressPrinter } from '../progress';
import { forTerminalLine } from '../terminalText';

function describeOcr(report: OcrReport): string {
  return [
    `${report.done} of ${report.total} messages with images or scanned pages read (${report.languages}); ${report.read} attachments got ${TEXT_READ_FROM_IMAGE} in ${(report.elapsedMs / 1000).toFixed(1)} s.`,
    ...report.skipped.map((skip) => forTerminalLine(`  ${skip.filename} [${skip.messageId}]: ${skip.reason}`)),
  ].join('\n');
}

export async function runOcr(dataDir: string, json: boolean): Promise<number> {
  const engine = await openCliEngine(dataDir, { access: 'write' });
  try {
    const progress = progressPrinter();
    const unsubscribe = !json || process.stderr.isTTY ? engine.subscribe(progress.onEvent) : () => {};
    const report = await engine.ocr();
    // Messages that had vectors lost them when their text grew: embedding them again keeps meaning search whole.
    if (report.read > 0 && (await engine.getStats()).embeddedMessages > 0) await engine.embed();
    unsubscribe();
    progress.finish();
    if (json) printJson(report);
    else printText(describeOcr(report));
    return 0;
  } finally {
    await engine.close();
  }
}
