// A parse worker that stops answering (an attachment reader that never yields) is replaced and the import goes on.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { bundleForTest } from '../../../test/bundle';
import { repoRoot } from '../../../test/corpus';
import { makeDocx } from '../../../test/officeFiles';
import { createParser, type Parser } from './parsePool';

/**
 * The real parse worker (tasks and answers sent as lists, one answer to a list here), except that a message carrying `X-Test-Hang` blocks the thread once it starts reading
 * attachment text, the way an extractor stuck in a loop that never yields would.
 */
const hangingWorkerSource = `
import { parentPort } from 'node:worker_threads';
import { normalizeMessage } from ${JSON.stringify(join(repoRoot, 'src/engine/import/normalize.ts'))};
parentPort.on('message', (tasks) => tasks.forEach((task) => {
  const hangs = Buffer.from(task.bytes).toString('latin1').includes('X-Test-Hang: yes');
  const onReadingAttachments = (isReading) => {
    parentPort.postMessage([{ seq: task.seq, isReadingAttachments: isReading }]);
    if (isReading && hangs) for (;;);
  };
  normalizeMessage(Buffer.from(task.bytes), task.context, { onReadingAttachments }).then(
    (normalized) => parentPort.postMessage([{ seq: task.seq, normalized }]),
    (error) => parentPort.postMessage([{ seq: task.seq, error: error.message }]),
  );
}));
`;

function message(subject: string, hangs = false): Buffer {
  const docx = makeDocx(['Quarterly sextant calibration']).toString('base64');
  return Buffer.from(
    [
      'From: Ada <ada@example.com>',
      `Subject: ${subject}`,
      `Message-ID: <${subject.replace(/\W/g, '')}@example.com>`,
      ...(hangs ? ['X-Test-Hang: yes'] : []),
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Body text.',
      '--b',
      'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name="notes.docx"',
      'Content-Disposition: attachment; filename="notes.docx"',
      'Content-Transfer-Encoding: base64',
      '',
      docx,
      '--b--',
      '',
    ].join('\n'),
  );
}

const context = testNormalizeContext;

describe('parse worker watchdog', () => {
  let parser: Parser | null = null;

  afterEach(async () => {
    await parser?.close();
  });

  it('replaces a worker stuck in an attachment, re-reads that message without attachment text, and parses the others', async () => {
    const script = await bundleForTest('hanging-parse-worker', { source: hangingWorkerSource });
    parser = createParser(script, { stuckAfterMs: 1_500 });
    const results = await Promise.allSettled([
      parser.parse(message('healthy one'), context),
      parser.parse(message('stuck in attachments', true), context),
      parser.parse(message('healthy two'), context),
      parser.parse(message('healthy three'), context),
    ]);
    const values = results.map((result) => (result.status === 'fulfilled' ? result.value.record : null));
    expect(values.map((record) => record?.subject)).toEqual(['healthy one', 'stuck in attachments', 'healthy two', 'healthy three']);
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    for (const record of values) {
      expect(JSON.parse(record!.attachmentsJson)).toEqual([
        { filename: 'notes.docx', contentType: docxType, size: expect.any(Number), contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
    }
    // The attachment's bytes come back from the worker with their hash, for the importer to keep.
    for (const result of results) {
      if (result.status !== 'fulfilled') throw result.reason;
      const [listed] = JSON.parse(result.value.record.attachmentsJson) as { size: number; contentHash: string }[];
      expect(result.value.attachmentBlobs.map((blob) => [blob.contentHash, blob.bytes.length])).toEqual([
        [listed!.contentHash, listed!.size],
      ]);
    }
    expect(values.map((record) => JSON.parse(record!.attachmentTextJson))).toEqual([
      [{ filename: 'notes.docx', text: 'Quarterly sextant calibration' }],
      [
        {
          filename: 'notes.docx',
          text: '',
          error: 'not read: reading this message’s attachments stopped responding, so its text was skipped',
        },
      ],
      [{ filename: 'notes.docx', text: 'Quarterly sextant calibration' }],
      [{ filename: 'notes.docx', text: 'Quarterly sextant calibration' }],
    ]);
    // The replacement workers still answer.
    const after = await parser.parse(message('after the trouble'), context);
    expect(after.record.subject).toBe('after the trouble');
  });
});
