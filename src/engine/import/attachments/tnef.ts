// Reads a TNEF stream (winmail.dat, application/ms-tnef): the files Outlook packed into it and the message body.
import { TextDecoder } from 'node:util';
import { decoderForCodepage } from '../sources/codepage';
import { guessContentType } from './contentType';
import { decodeText } from './decodeText';

const SIGNATURE = 0x223e9f78;
const LEVEL_ATTACHMENT = 2;
/** Attribute tags: the low 16 bits of an attribute id (the high 16 bits name its type, which we do not need). */
const ATTRIBUTE = {
  subject: 0x8004,
  body: 0x800c,
  attachData: 0x800f,
  attachTitle: 0x8010,
  attachRenderData: 0x9002,
  mapiProperties: 0x9003,
  attachment: 0x9005,
  oemCodepage: 0x9007,
};
const PROPERTY = {
  subject: 0x0037,
  body: 0x1000,
  rtfCompressed: 0x1009,
  html: 0x1013,
  displayName: 0x3001,
  attachData: 0x3701,
  attachFilename: 0x3704,
  attachMethod: 0x3705,
  attachLongFilename: 0x3707,
  attachMimeTag: 0x370e,
};
const TYPE = { string8: 0x001e, unicode: 0x001f, binary: 0x0102, object: 0x000d, multiValued: 0x1000 };
/** Bytes each fixed-size MAPI property type takes in TNEF (two-byte values are padded to four). */
const FIXED_SIZES = new Map([
  [0x0000, 0],
  [0x0001, 0],
  [0x0002, 4],
  [0x0003, 4],
  [0x0004, 4],
  [0x0005, 8],
  [0x0006, 8],
  [0x0007, 8],
  [0x000a, 4],
  [0x000b, 4],
  [0x0014, 8],
  [0x0040, 8],
  [0x0048, 16],
]);
const ATTACH_EMBEDDED_MESSAGE = 5;
/** PT_OBJECT values start with the interface id of what they hold. */
const OBJECT_ID_BYTES = 16;
const MAX_FILES = 1000;
/** Embedded items are opened this deep to name them by subject; deeper ones keep the generic name. */
const MAX_NAMING_DEPTH = 3;

export interface TnefFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface TnefContents {
  files: TnefFile[];
  /** The message's subject (for an embedded Outlook item: its title), '' if none. */
  subject: string;
  /** Plain-text body (attBody or PR_BODY), '' if none. */
  bodyText: string;
  /** PR_HTML body, '' if none. */
  bodyHtml: string;
  /** PR_RTF_COMPRESSED body, still compressed; null if none. */
  bodyCompressedRtf: Uint8Array | null;
  /** What was wrong but could be read past (bad checksums, truncation, unknown property types). */
  problems: string[];
}

export class TnefError extends Error {}

class Truncated extends Error {}

/** A bounds-checked little-endian reader over one byte range. */
class Cursor {
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public position: number,
    private readonly end: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number): void {
    if (count < 0 || this.position + count > this.end)
      throw new Truncated(`needs ${count} bytes at ${this.position}, only ${this.end - this.position} left`);
  }

  u16(): number {
    this.need(2);
    const value = this.view.getUint16(this.position, true);
    this.position += 2;
    return value;
  }

  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.position, true);
    this.position += 4;
    return value;
  }

  take(count: number): Uint8Array {
    this.need(count);
    const slice = this.bytes.subarray(this.position, this.position + count);
    this.position += count;
    return slice;
  }

  skip(count: number): void {
    this.need(count);
    this.position += count;
  }

  get left(): number {
    return this.end - this.position;
  }
}

function trimNulls(bytes: Uint8Array, width: 1 | 2): Uint8Array {
  let length = bytes.length - (bytes.length % width);
  while (length >= width && bytes[length - 1] === 0 && bytes[length - width] === 0) length -= width;
  return bytes.subarray(0, length);
}

interface PropertyValue {
  type: number;
  bytes: Uint8Array;
}

/** One MAPI property list (attMAPIProps or attAttachment); keeps the first value of each unnamed property. */
function readProperties(cursor: Cursor, problems: string[]): Map<number, PropertyValue> {
  const properties = new Map<number, PropertyValue>();
  const count = cursor.u32();
  for (let index = 0; index < count; index++) {
    const type = cursor.u16();
    const id = cursor.u16();
    if (id >= 0x8000) {
      cursor.skip(16);
      const kind = cursor.u32();
      if (kind === 0) cursor.skip(4);
      else cursor.skip((cursor.u32() + 3) & ~3);
    }
    const baseType = type & ~TYPE.multiValued;
    const isVariable = baseType === TYPE.string8 || baseType === TYPE.unicode || baseType === TYPE.binary || baseType === TYPE.object;
    const fixedSize = FIXED_SIZES.get(baseType);
    if (!isVariable && fixedSize === undefined) {
      problems.push(
        `tnef: MAPI property 0x${id.toString(16)} has unknown type 0x${baseType.toString(16)}; the rest of its list was skipped`,
      );
      return properties;
    }
    const valueCount = type & TYPE.multiValued || isVariable ? cursor.u32() : 1;
    if (valueCount > cursor.left) throw new Truncated(`property 0x${id.toString(16)} claims ${valueCount} values`);
    for (let valueIndex = 0; valueIndex < valueCount; valueIndex++) {
      let value: Uint8Array;
      if (isVariable) {
        const length = cursor.u32();
        value = cursor.take(length);
        cursor.skip(Math.min(cursor.left, ((length + 3) & ~3) - length));
      } else value = cursor.take(fixedSize!);
      if (valueIndex === 0 && id < 0x8000 && !properties.has(id)) properties.set(id, { type: baseType, bytes: value });
    }
  }
  return properties;
}

interface PendingAttachment {
  title: string;
  data: Uint8Array | null;
  properties: Map<number, PropertyValue>;
}

class TnefReader {
  private decoder = decoderForCodepage(1252);
  private readonly attachments: PendingAttachment[] = [];
  private messageProperties = new Map<number, PropertyValue>();
  private bodyText = '';
  private subject = '';
  readonly problems: string[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly depth: number,
  ) {}

  private text(property: PropertyValue | undefined): string {
    if (!property) return '';
    if (property.type === TYPE.unicode) return new TextDecoder('utf-16le').decode(trimNulls(property.bytes, 2));
    return this.decoder.decode(trimNulls(property.bytes, 1));
  }

  private current(): PendingAttachment {
    if (this.attachments.length === 0) this.attachments.push({ title: '', data: null, properties: new Map() });
    return this.attachments.at(-1)!;
  }

  private readAttribute(level: number, tag: number, data: Uint8Array): void {
    const cursor = new Cursor(data, 0, data.length);
    if (tag === ATTRIBUTE.oemCodepage && data.length >= 4) this.decoder = decoderForCodepage(cursor.u32());
    else if (tag === ATTRIBUTE.subject) this.subject = this.decoder.decode(trimNulls(data, 1));
    else if (tag === ATTRIBUTE.body) this.bodyText = this.decoder.decode(trimNulls(data, 1));
    else if (tag === ATTRIBUTE.mapiProperties && level !== LEVEL_ATTACHMENT) this.messageProperties = readProperties(cursor, this.problems);
    else if (tag === ATTRIBUTE.attachRenderData) {
      if (this.attachments.length < MAX_FILES) this.attachments.push({ title: '', data: null, properties: new Map() });
      else if (this.attachments.length === MAX_FILES)
        this.problems.push(`tnef: more than ${MAX_FILES} attached files; the rest were skipped`);
    } else if (tag === ATTRIBUTE.attachTitle) this.current().title = this.decoder.decode(trimNulls(data, 1));
    else if (tag === ATTRIBUTE.attachData) this.current().data = data;
    else if (tag === ATTRIBUTE.attachment) {
      for (const [id, value] of readProperties(cursor, this.problems)) this.current().properties.set(id, value);
    }
  }

  read(): void {
    if (this.bytes.length < 6) throw new TnefError(`tnef: ${this.bytes.length} bytes is too short for a TNEF stream`);
    const header = new Cursor(this.bytes, 0, this.bytes.length);
    const signature = header.u32();
    if (signature !== SIGNATURE)
      throw new TnefError(
        `tnef: not a TNEF stream (signature 0x${signature.toString(16).padStart(8, '0')}, expected 0x${SIGNATURE.toString(16)})`,
      );
    header.u16();
    let position = header.position;
    while (position < this.bytes.length) {
      const cursor = new Cursor(this.bytes, position, this.bytes.length);
      try {
        const level = this.bytes[cursor.position]!;
        cursor.skip(1);
        const id = cursor.u32();
        const length = cursor.u32();
        const data = cursor.take(length);
        const checksum = cursor.u16();
        const tag = id & 0xffff;
        if (data.reduce((sum, byte) => (sum + byte) & 0xffff, 0) !== checksum) {
          this.problems.push(`tnef: attribute 0x${tag.toString(16)} at byte ${position} fails its checksum; read anyway`);
        }
        try {
          this.readAttribute(level, tag, data);
        } catch (error) {
          if (!(error instanceof Truncated)) throw error;
          this.problems.push(`tnef: attribute 0x${tag.toString(16)} at byte ${position} is malformed (${error.message}); skipped`);
        }
        position = cursor.position;
      } catch (error) {
        if (!(error instanceof Truncated)) throw error;
        this.problems.push(`tnef: stream ends inside the attribute at byte ${position} of ${this.bytes.length}; the rest was skipped`);
        break;
      }
    }
  }

  private fileOf(attachment: PendingAttachment): TnefFile | null {
    const property = attachment.properties.get(PROPERTY.attachData);
    const isObject = property?.type === TYPE.object;
    const bytes = property ? (isObject ? property.bytes.subarray(OBJECT_ID_BYTES) : property.bytes) : attachment.data;
    if (!bytes) return null;
    const method = attachment.properties.get(PROPERTY.attachMethod);
    const isEmbeddedMessage =
      isObject &&
      method !== undefined &&
      method.bytes.length >= 4 &&
      new DataView(method.bytes.buffer, method.bytes.byteOffset, 4).getUint32(0, true) === ATTACH_EMBEDDED_MESSAGE;
    // Outlook names an embedded item "Untitled Attachment"; its own subject says more.
    const filename =
      this.text(attachment.properties.get(PROPERTY.attachLongFilename)) ||
      (isEmbeddedMessage && this.depth < MAX_NAMING_DEPTH ? embeddedSubject(bytes, this.depth + 1) : '') ||
      attachment.title ||
      this.text(attachment.properties.get(PROPERTY.attachFilename)) ||
      this.text(attachment.properties.get(PROPERTY.displayName)) ||
      'Untitled Attachment';
    const declared = this.text(attachment.properties.get(PROPERTY.attachMimeTag)).trim().toLowerCase();
    const contentType = isEmbeddedMessage
      ? 'application/ms-tnef'
      : /^[\w.+-]+\/[\w.+-]+$/.test(declared)
        ? declared
        : guessContentType(filename, bytes);
    return { filename: filename.trim(), contentType, bytes };
  }

  contents(): TnefContents {
    const files = this.attachments.map((attachment) => this.fileOf(attachment)).filter((file): file is TnefFile => file !== null);
    const html = this.messageProperties.get(PROPERTY.html);
    const rtf = this.messageProperties.get(PROPERTY.rtfCompressed);
    return {
      files,
      subject: this.subject || this.text(this.messageProperties.get(PROPERTY.subject)),
      bodyText: this.bodyText || this.text(this.messageProperties.get(PROPERTY.body)),
      bodyHtml: html ? (html.type === TYPE.binary ? decodeText(html.bytes) : this.text(html)) : '',
      bodyCompressedRtf: rtf && rtf.type === TYPE.binary ? rtf.bytes : null,
      problems: this.problems,
    };
  }
}

/** An embedded Outlook item (a forwarded mail, a task, a meeting) named by its own subject. */
function embeddedSubject(bytes: Uint8Array, depth: number): string {
  try {
    const reader = new TnefReader(bytes, depth);
    reader.read();
    return reader.contents().subject.trim();
  } catch {
    // Not readable as TNEF: it keeps the generic name, and reading its text later notes why.
    return '';
  }
}

/** Throws TnefError only when the bytes are not TNEF at all; damage further in is listed in `problems`. */
export function readTnef(bytes: Uint8Array): TnefContents {
  const reader = new TnefReader(bytes, 0);
  reader.read();
  return reader.contents();
}
