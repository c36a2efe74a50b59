// The attachment gallery: the attachments of the mail a query matches, and what a preview of one shows.
import type { AttachmentRef } from './attachment';
import type { Address } from './message';
import type { Highlight, SearchMode } from './search';

/** How an attachment can be looked at: its picture, its pages, its text, or only its icon (a program: never). */
export type AttachmentKind = 'image' | 'pdf' | 'text' | 'document' | 'program' | 'other';

export interface GalleryRequest {
  query: string;
  mode?: SearchMode;
  offset?: number;
  limit?: number;
  /** As SearchRequest's: the gallery of a search as one types lists the attachments of what that search listed. */
  isTyping?: boolean;
}

/** One attachment of one matching message. */
export interface GalleryItem {
  ref: AttachmentRef;
  filename: string;
  contentType: string;
  size: number;
  kind: AttachmentKind;
  from: Address;
  /** The message's date, ISO 8601 in UTC. */
  date: string;
  subject: string;
  /** The query's words occur in the attachment's name or in the text read from it. */
  isMatch: boolean;
  /** Its bytes are kept and it is not a program: a preview can be asked for. */
  canPreview: boolean;
  /** A thumbnail can be made: a kept image or PDF, not too large to read. */
  hasThumbnail: boolean;
}

export interface GalleryPage {
  query: string;
  /** Attachments of every message the query matches (copies of one mail counted once), newest mail first. */
  total: number;
  items: GalleryItem[];
  tookMs: number;
}

export interface PreviewRequest {
  ref: AttachmentRef;
  /** The query whose words are marked in the preview ('' marks nothing). */
  query: string;
  /** For a PDF: the page to show, from 1; the first page holding a match when absent. */
  page?: number;
}

/** A box on a rendered page, as fractions of its width and height, so it scales with the image. */
export interface PageMark {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface PreviewBase {
  ref: AttachmentRef;
  filename: string;
  contentType: string;
  size: number;
}

/** Text the OCR stage read from a picture or from scanned pages, with the search words marked. */
export interface ImageText {
  text: string;
  highlights: Highlight[];
}

/** What the reading pane shows for one attachment. */
export type AttachmentPreview =
  | (PreviewBase & { kind: 'image'; dataUrl: string; width: number; height: number; isScaled: boolean; imageText: ImageText | null })
  | (PreviewBase & {
      kind: 'pdf';
      page: number;
      pageCount: number;
      /** The page drawn by PDF.js in the engine, as a PNG. */
      dataUrl: string;
      width: number;
      height: number;
      marks: PageMark[];
      /** Pages (from 1) that hold a query word, for "next match". */
      matchPages: number[];
      /** Scanned pages have no text layer to mark: their text as OCR read it, when it did. */
      imageText: ImageText | null;
    })
  | (PreviewBase & {
      kind: 'text';
      text: string;
      highlights: Highlight[];
      /** The text was read from a picture by OCR, not from the file's own text. */
      isReadByOcr: boolean;
      /** Why there is no text to show, when there is none. */
      note: string | null;
    });
