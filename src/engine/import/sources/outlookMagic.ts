// Tells Outlook's files by their first bytes, without their readers' packages (pst-extractor, msgreader).
import { open } from 'node:fs/promises';

const COMPOUND_FILE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Stream names only an Outlook item has at the top of its compound file. */
const MSG_STREAM_NAMES = /^__(substg1\.0_|properties_version1\.0|nameid_version1\.0|recip_version1\.0_|attach_version1\.0_)/;
const DIRECTORY_ENTRY_BYTES = 128;

/** "!BDN" opens every PST and OST file. */
export function isOutlookDataFile(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).toString('latin1') === '!BDN';
}

/** Word, Excel and .msg files all are OLE compound files (D0 CF 11 E0 …). */
export function isCompoundFile(head: Buffer): boolean {
  return head.length >= 8 && head.subarray(0, 8).equals(COMPOUND_FILE_MAGIC);
}

/** A compound file is an Outlook item when its first directory sector names the streams every .msg has. */
export async function isOutlookItem(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(512);
    await handle.read(header, 0, 512, 0);
    if (!isCompoundFile(header)) return false;
    const sectorSize = 1 << header.readUInt16LE(0x1e);
    if (sectorSize !== 512 && sectorSize !== 4096) return false;
    const sector = Buffer.alloc(sectorSize);
    const { bytesRead } = await handle.read(sector, 0, sectorSize, (header.readUInt32LE(0x30) + 1) * sectorSize);
    for (let offset = 0; offset + DIRECTORY_ENTRY_BYTES <= bytesRead; offset += DIRECTORY_ENTRY_BYTES) {
      const nameBytes = Math.min(64, sector.readUInt16LE(offset + 64));
      if (MSG_STREAM_NAMES.test(sector.subarray(offset, offset + Math.max(0, nameBytes - 2)).toString('utf16le'))) return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}
