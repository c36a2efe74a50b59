// Names what a file that holds no mail is, from its first bytes, so an import report can say why it was left out.

const SIGNATURES: [prefix: Buffer, what: string][] = [
  [Buffer.from('%PDF-'), 'a PDF document'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'a JPEG image'],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'a PNG image'],
  [Buffer.from('GIF8'), 'a GIF image'],
  [Buffer.from('{\\rtf'), 'an RTF document'],
  [Buffer.from('bplist'), 'a property list (macOS settings)'],
  [Buffer.from([0x78, 0x9f, 0x3e, 0x22]), 'a TNEF file (winmail.dat), an attachment rather than a whole message'],
  [Buffer.from('// <!-- <mdb:mork'), 'a Thunderbird index (.msf), which holds no messages itself'],
  [Buffer.from('ID3'), 'an audio file'],
  [Buffer.from([0x1f, 0x8b]), 'a gzip-compressed file holding neither an mbox nor a tar archive'],
];

const TEXT_KINDS: [pattern: RegExp, what: string][] = [
  [/^\s*<!doctype plist|^\s*<\?xml[^>]*>\s*<!doctype plist/i, 'a property list (macOS settings)'],
  [/^\s*(<!doctype html|<html)/i, 'a web page (HTML)'],
  [/^\s*<\?xml/i, 'an XML file'],
];

/** Text when the head has no NUL bytes and decodes as UTF-8 (a cut multi-byte character at the end is allowed). */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** "a PDF document", "an empty file", "a text file that is not a mail message", … */
export function describeContent(head: Buffer, size: number): string {
  if (size === 0) return 'an empty file';
  for (const [prefix, what] of SIGNATURES) if (head.subarray(0, prefix.length).equals(prefix)) return what;
  if (!isText(head)) return 'a binary file that is not mail';
  const text = head.toString('utf8');
  for (const [pattern, what] of TEXT_KINDS) if (pattern.test(text)) return what;
  return 'a text file that is not a mail message';
}
