// Browser mode's wire protocol: the same LanternApi over loopback HTTP (calls), server-sent events and uploads.
import type { ApiMethod } from './api';
import type { AttachmentRef } from '../model/attachment';

/** POST here with JSON `{ "args": [...] }`; the answer is `{ "result": ... }` or `{ "error": WireError }`. */
export function callPath(method: ApiMethod): string {
  return `/api/call/${method}`;
}

/** GET: a text/event-stream whose `data:` lines are JSON LanternEvent objects. */
export const EVENTS_PATH = '/api/events';

/** POST the raw bytes of one dropped file, with its name in the `name` query parameter; answers `{ "path": "..." }`. */
export const UPLOAD_PATH = '/api/upload';

/** GET `?message=<id>&index=<n>`: the attachment's bytes as a download (never shown inline). */
export const ATTACHMENT_PATH = '/api/attachment';

export function attachmentDownloadPath(ref: AttachmentRef): string {
  return `${ATTACHMENT_PATH}?message=${encodeURIComponent(ref.messageId)}&index=${ref.index}`;
}

/** The session token travels in this cookie (set when the page is opened with ?token=) or this header. */
export const TOKEN_COOKIE = 'lantern_token';
export const TOKEN_HEADER = 'x-lantern-token';
export const TOKEN_QUERY = 'token';
