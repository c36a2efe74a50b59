// Integration: attachments kept at import in the data folder's store, found again by message and index, byte for byte.
import { readFileSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, sharedDir, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import type { AttachmentInfo } from '../../shared/model/message';
import { backupStore } from '../backup/backupStore';
import { restoreStore } from '../backup/restoreStore';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { MessageStore } from './messageStore';

const tnefDir = join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef');
const pdf = readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ', 'VIA_Nytt_1402.pdf'));
/** Above the lowered cap below, while the real PDF (213,685 bytes) stays under it. */
const LARGE = Buffer.alloc(300_000, 7);
const CAP = 250_000;

async function buildMailbox(dir: string): Promise<string> {
  const file = join(dir, 'attachments.mbox');
  const messages = [
    mimeMessage('newsletter', 'The newsletter', 'Attached as a PDF.', [
      { filename: 'VIA_Nytt_1402.pdf', contentType: 'application/pdf', bytes: pdf },
    ]),
    mimeMessage('forward', 'Fwd: the newsletter', 'The same PDF again.', [
      { filename: 'copy.pdf', contentType: 'application/pdf', bytes: pdf },
    ]),
    mimeMessage('hostile', 'Names', 'Odd names.', [
      { filename: '../../.ssh/authorized_keys', contentType: 'text/plain', bytes: Buffer.from('ssh-ed25519 AAAA attacker\n') },
      { filename: 'CON', contentType: 'text/plain', bytes: Buffer.from('device name\n') },
    ]),
    mimeMessage('large', 'A big file', 'Too big to keep.', [
      { filename: 'big.bin', contentType: 'application/octet-stream', bytes: LARGE },
    ]),
    mimeMessage('outlook', 'From Outlook', 'Rich text.', [
      { filename: 'winmail.dat', contentType: 'application/ms-tnef', bytes: readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ.tnef')) },
    ]),
  ];
  await writeFile(file, toMbox(messages));
  return file;
}

async function idOf(engine: Engine, subject: string): Promise<string> {
  const hits = (await engine.search({ query: `subject:"${subject}"`, limit: 5 })).hits.filter((hit) => hit.subject === subject);
  expect(hits).toHaveLength(1);
  return hits[0]!.id;
}

describe('attachment store', () => {
  let dir: string;
  let dataDir: string;
  let mailbox: string;
  let engine: Engine;

  const open = (): Promise<Engine> => openEngine({ dataDir, timeZone: 'UTC', maxStoredAttachmentBytes: CAP });

  beforeAll(async () => {
    dir = await makeTempDir();
    dataDir = join(dir, 'data');
    mailbox = await buildMailbox(dir);
    engine = await open();
    expect(await engine.importPaths([mailbox], 'attachments')).toMatchObject({ imported: 5, failed: 0 });
  });

  afterAll(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives back a file whose bytes are the attachment’s, with its name and type', async () => {
    const file = await engine.attachmentFile({ messageId: await idOf(engine, 'The newsletter'), index: 0 });
    expect(file).toMatchObject({ filename: 'VIA_Nytt_1402.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(file.path.startsWith(join(dataDir, 'attachments'))).toBe(true);
    expect((await readFile(file.path)).equals(pdf)).toBe(true);
  });

  it('keeps one file for the same attachment in two mails', async () => {
    const first = await engine.attachmentFile({ messageId: await idOf(engine, 'The newsletter'), index: 0 });
    const second = await engine.attachmentFile({ messageId: await idOf(engine, 'Fwd: the newsletter'), index: 0 });
    expect(second.path).toBe(first.path);
    expect(second.filename).toBe('copy.pdf');
    const stored = await readdir(join(dataDir, 'attachments'));
    const hashes: string[] = [];
    for (const hit of (await engine.search({ query: '', limit: 10 })).hits) {
      for (const attachment of (await engine.getMessage(hit.id))!.attachments)
        if (attachment.contentHash) hashes.push(attachment.contentHash);
    }
    // The PDF is named three times (twice attached, once inside winmail.dat) and stored once; no temporary files are left.
    expect(hashes.filter((hash) => first.path.endsWith(hash))).toHaveLength(3);
    expect(stored.sort()).toEqual([...new Set(hashes)].sort());
  });

  it('opens a file unpacked from winmail.dat', async () => {
    const message = await engine.getMessage(await idOf(engine, 'From Outlook'));
    const index = message!.attachments.findIndex((attachment) => attachment.filename === 'VIA_Nytt_1402.pdf');
    expect(index).toBeGreaterThanOrEqual(0);
    expect((await readFile((await engine.attachmentFile({ messageId: message!.id, index })).path)).equals(pdf)).toBe(true);
  });

  it('sanitises hostile names', async () => {
    const id = await idOf(engine, 'Names');
    const keys = await engine.attachmentFile({ messageId: id, index: 0 });
    expect(keys.filename).toBe('authorized_keys');
    expect((await readFile(keys.path, 'utf8')).startsWith('ssh-ed25519')).toBe(true);
    expect((await engine.attachmentFile({ messageId: id, index: 1 })).filename).toBe('_CON');
  });

  it('lists an oversized attachment but says it was not kept', async () => {
    const id = await idOf(engine, 'A big file');
    const message = await engine.getMessage(id);
    expect(message!.attachments[0]).toMatchObject({ filename: 'big.bin', size: LARGE.length });
    expect(message!.attachments[0]!.contentHash).toBeUndefined();
    await expect(engine.attachmentFile({ messageId: id, index: 0 })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/“big\.bin” \(0\.3 MB\) was not kept: Lantern keeps attachments up to 0\.2 MB/),
    });
  });

  it('names what is wrong with an unknown message or index', async () => {
    await expect(engine.attachmentFile({ messageId: 'no-such-id', index: 0 })).rejects.toMatchObject({
      code: 'not-found',
      message: 'attachment: no message with id no-such-id',
    });
    const id = await idOf(engine, 'The newsletter');
    await expect(engine.attachmentFile({ messageId: id, index: 1 })).rejects.toThrow(
      `message ${id} has 1 attachment; there is none at index 1`,
    );
  });

  it('backs the attachments up with the store, and a restored store opens them', async () => {
    const backupDir = join(dir, 'backup');
    const manifest = await backupStore(dataDir, backupDir);
    expect(manifest.attachments).toBe((await readdir(join(dataDir, 'attachments'))).length);
    const restoredDir = join(dir, 'restored');
    await restoreStore(backupDir, restoredDir);
    const restored = await openEngine({ dataDir: restoredDir, timeZone: 'UTC' });
    try {
      const file = await restored.attachmentFile({ messageId: await idOf(restored, 'The newsletter'), index: 0 });
      expect(file.path.startsWith(restoredDir)).toBe(true);
      expect((await readFile(file.path)).equals(pdf)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('asks for a re-import when the stored copy is gone, and the re-import brings it back', async () => {
    const id = await idOf(engine, 'The newsletter');
    await rm(join(dataDir, 'attachments'), { recursive: true });
    await expect(engine.attachmentFile({ messageId: id, index: 0 })).rejects.toThrow(
      /the stored copy of “VIA_Nytt_1402\.pdf” is missing .*re-import the file to open its attachments \(.*attachments\.mbox\)/,
    );
    expect(await engine.importPaths([mailbox], 'again')).toMatchObject({ imported: 0, alreadyImported: 5 });
    expect((await readFile((await engine.attachmentFile({ messageId: id, index: 0 })).path)).equals(pdf)).toBe(true);
  });

  it('asks for a re-import for mail imported before copies were kept, and the re-import fills in the hashes', async () => {
    const id = await idOf(engine, 'The newsletter');
    await engine.close();
    // Rewrites the stored list the way an older Lantern wrote it: no hashes.
    const store = await MessageStore.open(join(dataDir, 'lancedb'));
    const [record] = await store.get([id]);
    const old = (JSON.parse(record!.attachmentsJson) as AttachmentInfo[]).map(({ filename, contentType, size }) => ({
      filename,
      contentType,
      size,
    }));
    await store.updateAttachments(id, JSON.stringify(old));
    store.close();
    engine = await open();
    await expect(engine.attachmentFile({ messageId: id, index: 0 })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(
        /“VIA_Nytt_1402\.pdf” was imported before Lantern kept attachment files; re-import the file to open its attachments/,
      ),
    });
    expect(await engine.importPaths([mailbox], 'refill')).toMatchObject({ imported: 0, alreadyImported: 5 });
    expect((await readFile((await engine.attachmentFile({ messageId: id, index: 0 })).path)).equals(pdf)).toBe(true);
    // Filled in the store too, not only in memory.
    await engine.close();
    engine = await open();
    expect((await engine.attachmentFile({ messageId: id, index: 0 })).size).toBe(pdf.length);
  });
});
