// What reading a dropped path takes beyond a mail reader's options: a place to name the files in it that hold no mail.
import type { RawMail, ReadOptions } from './rawMail';

/** A file inside a dropped folder that was left out: not mail, or hidden or system (.DS_Store, Thumbs.db). */
export interface LeftOutFile {
  /** Its path under the dropped folder. */
  path: string;
  reason: string;
  isHidden: boolean;
}

export interface SourceReadOptions extends ReadOptions {
  onSkipped: (file: LeftOutFile) => void;
  /** A folder's reader adds up its files' sizes before reading them and reports the sum: the size stat gives a folder is not its content's. */
  onBytesTotal?: (bytesTotal: number) => void;
}

/** Every mail reader is a source reader; a folder's reader also reports the files it leaves out. */
export type SourceReader = (path: string, options: SourceReadOptions) => AsyncIterable<RawMail>;
