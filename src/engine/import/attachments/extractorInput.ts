// What every attachment reader is given and returns, apart from the readers, so that they and the dispatcher that picks
// one (extractAttachmentText.ts) do not import each other.

export interface ExtractionLimits {
  /** Larger attachments are not read (noted as such). */
  maxBytes: number;
  /** Text kept per attachment. */
  maxChars: number;
  /** Time one attachment may take to read. */
  timeoutMs: number;
  /** How many TNEF containers this file sits inside. */
  depth: number;
}

/** Text read from one attachment; `error` says why there is none (or why it is partial). */
export interface ExtractedText {
  text: string;
  error?: string;
}

export interface ExtractorInput {
  bytes: Uint8Array;
  /** The declared content type, with its parameters (a text file's charset). */
  contentType: string;
  maxChars: number;
  signal: AbortSignal;
  limits: ExtractionLimits;
}

export type ExtractAttachmentText = (
  filename: string,
  contentType: string,
  bytes: Uint8Array,
  limits?: ExtractionLimits,
) => Promise<ExtractedText | null>;
