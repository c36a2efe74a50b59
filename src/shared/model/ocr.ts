// What the OCR stage reports: images and scanned pages whose text it read, skipped, or has still to read.

/** The end of one run of the OCR stage (`lantern ocr`, or the background stage after an import). */
export interface OcrReport {
  /** Attachments whose text was read from their pixels in this run. */
  read: number;
  /** Attachments this run looked at and left without text, each with its reason. */
  skipped: { messageId: string; filename: string; reason: string }[];
  /** Messages with images or scanned PDFs whose every such attachment has been read or skipped, this run or before. */
  done: number;
  /** Messages with images or scanned PDFs. */
  total: number;
  /** The languages read ("eng", "eng+deu"), from the language data installed. */
  languages: string;
  elapsedMs: number;
}

/** The OCR stage's progress, for the status bar: done of total messages with images or scanned pages. */
export interface OcrProgress {
  done: number;
  total: number;
  /** True once the run has ended (finished or stopped). */
  isFinished: boolean;
}
