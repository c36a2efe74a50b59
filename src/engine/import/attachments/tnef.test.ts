// The TNEF reader against MimeKit's and node-tnef's winmail.dat samples, whose unpacked files sit beside them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../../../../test/corpus';
import { decompressRtf } from './compressedRtf';
import { readTnef, TnefError } from './tnef';

const mimekitDir = join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef');
const nodeTnefDir = join(sharedDir, 'fixtures/node-tnef-npm');
const samples = readdirSync(mimekitDir)
  .filter((name) => name.endsWith('.tnef'))
  .map((name) => name.slice(0, -'.tnef'.length));

/** Outlook's stand-in text for an embedded message, which the reference unpacker lists beside the message itself. */
const EMBEDDED_MESSAGE_PLACEHOLDER = 'This attachment is a MAPI 1.0 embedded message';

/** MimeKit's expected folders hold the message body as message.* (it is not an attached file). */
function expectedFiles(sample: string): Buffer[] {
  const folder = join(mimekitDir, sample);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => !name.startsWith('message.'))
    .map((name) => readFileSync(join(folder, name)))
    .filter((bytes) => !bytes.toString('latin1').startsWith(EMBEDDED_MESSAGE_PLACEHOLDER));
}

/** The reference unpacker writes text files with LF line ends and keeps the 16-byte interface id of OLE objects. */
function sameFile(ours: Uint8Array, expected: Buffer): boolean {
  const mine = Buffer.from(ours);
  return (
    mine.equals(expected) ||
    mine.toString('latin1').replace(/\r\n/g, '\n') === expected.toString('latin1') ||
    mine.equals(expected.subarray(16))
  );
}

describe('readTnef', () => {
  it.each(samples)('%s: unpacks the files the reference unpacker found, byte for byte', (sample) => {
    const contents = readTnef(readFileSync(join(mimekitDir, `${sample}.tnef`)));
    const expected = expectedFiles(sample);
    expect(contents.files).toHaveLength(expected.length);
    for (const file of expected) expect(contents.files.some((ours) => sameFile(ours.bytes, file))).toBe(true);
    const namedInList = readFileSync(join(mimekitDir, `${sample}.list`), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/^(body|message)\.\w+$/.test(line) && !line.startsWith('Untitled'));
    for (const name of namedInList) expect(contents.files.map((file) => file.filename)).toContain(name);
  });

  it('guesses content types from names and leading bytes', () => {
    const contents = readTnef(readFileSync(join(mimekitDir, 'MAPI_ATTACH_DATA_OBJ.tnef')));
    expect(contents.files.map((file) => [file.filename, file.contentType])).toEqual([
      ['VIA_Nytt_1402.doc', 'application/msword'],
      ['VIA_Nytt_1402.pdf', 'application/pdf'],
      ['VIA_Nytt_14021.htm', 'text/html'],
    ]);
  });

  it('decompresses the RTF body to the bytes MimeKit expects', () => {
    for (const sample of ['rtf', 'MAPI_OBJECT', 'winmail']) {
      const contents = readTnef(readFileSync(join(mimekitDir, `${sample}.tnef`)));
      const rtf = Buffer.from(decompressRtf(contents.bodyCompressedRtf!));
      const expected = readFileSync(join(mimekitDir, sample, 'message.rtf'));
      const normalised = (text: string): string => text.replace(/\r\n/g, '\n').replace(/[\0\s]+$/, '');
      expect(normalised(rtf.toString('latin1'))).toBe(normalised(expected.toString('latin1')));
    }
  });

  it('reads the HTML body of a body-only stream', () => {
    const contents = readTnef(readFileSync(join(mimekitDir, 'body.tnef')));
    expect(contents.files).toEqual([]);
    expect(contents.bodyHtml).toContain('THE BILL OF RIGHTS<BR>Amendments 1-10');
  });

  it('refuses a stream whose signature is wrong with a clear error (node-tnef badchecksum.dat)', () => {
    expect(() => readTnef(readFileSync(join(nodeTnefDir, 'badchecksum.dat')))).toThrow(TnefError);
    expect(() => readTnef(readFileSync(join(nodeTnefDir, 'badchecksum.dat')))).toThrow(/not a TNEF stream \(signature 0x323e9f78/);
  });

  it('keeps the files before the damage in node-tnef panic.dat and says where it stopped', () => {
    const contents = readTnef(readFileSync(join(nodeTnefDir, 'panic.dat')));
    expect(contents.files.map((file) => file.filename)).toEqual(['image001.jpg', 'image002.jpg', 'image003.png']);
    expect(contents.problems).toEqual(['tnef: stream ends inside the attribute at byte 49862 of 67359; the rest was skipped']);
  });

  it('notes a checksum that does not match and still reads the attribute', () => {
    const bytes = Buffer.from(readFileSync(join(nodeTnefDir, 'attachments.dat')));
    // The first attribute starts at byte 6: level (1), id (4), length (4), data, checksum (2).
    const length = bytes.readUInt32LE(11);
    bytes.writeUInt16LE((bytes.readUInt16LE(15 + length) + 1) & 0xffff, 15 + length);
    const contents = readTnef(bytes);
    expect(contents.files.map((file) => file.filename)).toEqual(['zappa_av1.jpg', 'bookmark.htm']);
    expect(contents.problems).toHaveLength(1);
    expect(contents.problems[0]).toMatch(/^tnef: attribute 0x\w+ at byte 6 fails its checksum; read anyway$/);
  });

  it('never throws anything but TnefError on cut or scrambled streams', () => {
    const original = readFileSync(join(mimekitDir, 'MAPI_ATTACH_DATA_OBJ.tnef'));
    let seed = 7;
    const random = (limit: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % limit;
    };
    for (let round = 0; round < 300; round++) {
      const bytes = Buffer.from(original.subarray(0, 6 + random(original.length)));
      for (let flip = 0; flip < round % 8; flip++) bytes[6 + random(bytes.length - 6)] = random(256);
      try {
        const contents = readTnef(bytes);
        for (const file of contents.files) expect(file.bytes.length).toBeLessThanOrEqual(bytes.length);
      } catch (error) {
        expect(error).toBeInstanceOf(TnefError);
      }
    }
  });
});
