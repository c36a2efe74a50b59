// A forwarded mail (message/rfc822) and an attached Outlook item (.msg) are searchable by what they say.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, sharedDir } from '../../../../test/corpus';
import { openEngine } from '../../api/engine';

const FORWARDED = [
  'From: Grace Hopper <grace@example.com>',
  'To: ada@example.com',
  'Subject: Zebracorn procurement',
  'Date: Tue, 02 Jan 2024 09:00:00 +0000',
  'Message-ID: <inner-1@example.com>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The zebracorn shipment arrives on Friday.',
].join('\n');

function outerMessage(msg: Buffer): Buffer {
  return Buffer.from(
    [
      'From ada@example.com Mon Jan  8 10:00:00 2024',
      'From: Ada Lovelace <ada@example.com>',
      'To: team@example.com',
      'Subject: Two things for the file',
      'Date: Mon, 08 Jan 2024 10:00:00 +0000',
      'Message-ID: <outer-1@example.com>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: text/plain',
      '',
      'See the forward and the Outlook item.',
      '--outer',
      'Content-Type: message/rfc822',
      'Content-Disposition: attachment; filename="procurement.eml"',
      '',
      FORWARDED,
      '--outer',
      'Content-Type: application/vnd.ms-outlook; name="Many entities.msg"',
      'Content-Disposition: attachment; filename="Many entities.msg"',
      'Content-Transfer-Encoding: base64',
      '',
      msg.toString('base64').replace(/.{76}/g, '$&\n'),
      '--outer--',
      '',
    ].join('\n'),
  );
}

describe('mail attached to mail', () => {
  it('finds the outer mail by the words of a forwarded message and of an attached .msg, and says where', async () => {
    const msg = readFileSync(join(sharedDir, 'outlook', 'msgreader', 'test', 'Many entities.msg'));
    const mbox = join(await makeTempDir(), 'outer.mbox');
    await writeFile(mbox, outerMessage(msg));
    const engine = await openEngine({ dataDir: await makeTempDir() });
    try {
      expect(await engine.importPaths([mbox], 'outer')).toMatchObject({ imported: 1, failed: 0 });
      const forwarded = await engine.search({ query: 'zebracorn shipment', mode: 'keyword' });
      expect(forwarded.total).toBe(1);
      expect(forwarded.hits[0]).toMatchObject({ subject: 'Two things for the file', matchedIn: 'procurement.eml' });
      expect((await engine.search({ query: 'grace hopper procurement', mode: 'keyword' })).total).toBe(1);
      const outlook = await engine.search({ query: 'entities', mode: 'keyword' });
      expect(outlook.hits[0]).toMatchObject({ matchedIn: 'Many entities.msg' });
      const detail = await engine.getMessage(forwarded.hits[0]!.id);
      expect(detail!.attachmentTexts.find((item) => item.filename === 'procurement.eml')?.text).toContain('Subject: Zebracorn procurement');
      expect(detail!.attachmentTexts.find((item) => item.filename === 'Many entities.msg')?.text).toContain('Many entities!!!');
    } finally {
      await engine.close();
    }
  });
});
