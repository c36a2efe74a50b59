// Browser mode's LanternClient: API calls over loopback HTTP, events from server-sent events, dropped files as uploads.
import type { ApiArguments, ApiMethod, ApiResult, LanternClient, LanternEvent, LanternEventListener } from '../../../shared/contract/api';
import { forwardApi } from '../../../shared/contract/forwarders';
import { attachmentDownloadPath, callPath, EVENTS_PATH, UPLOAD_PATH } from '../../../shared/contract/http';
import type { AttachmentOutcome, AttachmentRef } from '../../../shared/model/attachment';
import { LanternError, type ErrorCode, type WireError } from '../../../shared/contract/errors';
import { errorMessage } from '../../../shared/errorMessage';

function isWireError(value: unknown): value is WireError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WireError).code === 'string' &&
    typeof (value as WireError).message === 'string'
  );
}

async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The server answered something that is not our protocol (a proxy page, a crash); show its status so it can be traced.
    throw new LanternError(
      'engine-unavailable',
      `browser client: ${what} answered HTTP ${response.status} without JSON; is \`lantern serve\` still running?`,
    );
  }
}

async function post(url: string, body: BodyInit, contentType: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType }, credentials: 'same-origin' });
  } catch (error) {
    const detail = errorMessage(error);
    throw new LanternError(
      'engine-unavailable',
      `browser client: ${what} could not reach the Lantern server (${detail}); restart \`lantern serve\` and reload`,
    );
  }
  const payload = await readJson(response, what);
  if (typeof payload === 'object' && payload !== null && 'error' in payload && isWireError(payload.error)) {
    throw new LanternError(payload.error.code as ErrorCode, payload.error.message);
  }
  if (!response.ok) throw new LanternError('internal', `browser client: ${what} failed with HTTP ${response.status}`);
  return payload;
}

async function call<M extends ApiMethod>(method: M, args: ApiArguments<M>): Promise<ApiResult<M>> {
  const payload = await post(callPath(method), JSON.stringify({ args }), 'application/json', method);
  if (typeof payload !== 'object' || payload === null || !('result' in payload)) {
    throw new LanternError('internal', `browser client: ${method} answered without a result`);
  }
  return payload.result as ApiResult<M>;
}

async function uploadFile(file: File): Promise<string> {
  const url = `${UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`;
  const payload = await post(url, file, 'application/octet-stream', `upload of ${file.name}`);
  if (typeof payload !== 'object' || payload === null || !('path' in payload) || typeof payload.path !== 'string') {
    throw new LanternError('internal', `browser client: the upload of ${file.name} answered without a path`);
  }
  return payload.path;
}

/**
 * Open and Save both download in a browser: a page cannot start the user's programs, and the browser's own download
 * handling (and its warnings for programs) then applies. Asks the engine first, so a copy that is not there is shown
 * as a message in the app, not as a failed download in the browser's list.
 */
async function downloadAttachment(ref: AttachmentRef): Promise<AttachmentOutcome> {
  const file = await call('attachmentFile', [ref]);
  const link = document.createElement('a');
  link.href = attachmentDownloadPath(ref);
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  return { kind: 'downloaded', filename: file.filename };
}

/** One EventSource shared by all subscribers; it opens with the first and closes with the last. */
function eventHub(): (listener: LanternEventListener) => () => void {
  const listeners = new Set<LanternEventListener>();
  let source: EventSource | null = null;
  const deliver = (message: MessageEvent<string>): void => {
    let event: LanternEvent;
    try {
      event = JSON.parse(message.data) as LanternEvent;
    } catch (error) {
      console.error('browser client: an event was not JSON; ignored', message.data, error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error(`browser client: a listener for ${event.type} threw`, error);
      }
    }
  };
  return (listener) => {
    listeners.add(listener);
    if (!source) {
      source = new EventSource(EVENTS_PATH, { withCredentials: true });
      source.onmessage = deliver;
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  };
}

export function createHttpClient(): LanternClient {
  return {
    host: 'browser',
    ...forwardApi(call),
    openAttachment: downloadAttachment,
    saveAttachment: downloadAttachment,
    subscribe: eventHub(),
    resolveDroppedFiles: async (files) => {
      const paths: string[] = [];
      // One at a time: uploads can be gigabytes and the loopback server writes each to disk as it arrives.
      for (const file of files) paths.push(await uploadFile(file));
      return paths;
    },
  };
}
