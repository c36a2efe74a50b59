// A mail's attachments, each with Open and Save; what happened (or why not) is said beside the list.
import { useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import { executableRefusal, isExecutableAttachment } from '../../../../shared/attachments/executableAttachment';
import { safeAttachmentName } from '../../../../shared/attachments/safeAttachmentName';
import type { AttachmentOutcome } from '../../../../shared/model/attachment';
import type { AttachmentInfo } from '../../../../shared/model/message';
import { assertNever } from '../../../../shared/assertNever';
import { formatBytes } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import './attachments.css';
import { errorMessage } from '../../../../shared/errorMessage';

type Action = 'open' | 'save';

type Notice = { kind: 'status'; text: string } | { kind: 'error'; text: string };

function outcomeText(outcome: AttachmentOutcome, name: string): string | null {
  switch (outcome.kind) {
    case 'opened':
      return `Opened ${name} from a temporary copy.`;
    case 'saved':
      return `Saved ${name} to ${outcome.path}.`;
    case 'downloaded':
      return `Downloading ${outcome.filename}: your browser keeps it in its downloads.`;
    case 'cancelled':
      return null;
    default:
      return assertNever(outcome, 'attachment outcome');
  }
}

export interface AttachmentListProps {
  client: LanternClient;
  messageId: string;
  attachments: AttachmentInfo[];
}

/** Keyed by message where it is used, so a notice or a busy button never carries over to the next mail. */
export function AttachmentList({ client, messageId, attachments }: AttachmentListProps) {
  const [busy, setBusy] = useState<{ index: number; action: Action } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const isBrowser = client.host === 'browser';

  const run = async (index: number, action: Action): Promise<void> => {
    // Not `disabled` while busy: a disabled button loses the keyboard focus, and the person would have to find it again.
    if (busy !== null) return;
    const name = safeAttachmentName(attachments[index]!.filename, index);
    if (action === 'open' && isExecutableAttachment(name, attachments[index]!.contentType)) {
      setNotice({ kind: 'error', text: executableRefusal(name) });
      return;
    }
    setBusy({ index, action });
    setNotice(null);
    try {
      const ref = { messageId, index };
      const outcome = action === 'open' ? await client.openAttachment(ref) : await client.saveAttachment(ref);
      const text = outcomeText(outcome, name);
      setNotice(text === null ? null : { kind: 'status', text });
    } catch (error) {
      console.error(`reader: ${action} of attachment ${index} of ${messageId} failed`, error);
      setNotice({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="reader-attachment-block">
      <ul className="reader-attachments" aria-label="Attachments" data-testid="reader-attachments">
        {attachments.map((attachment, index) => {
          const name = attachment.filename || '(unnamed)';
          const isProgram = isExecutableAttachment(safeAttachmentName(attachment.filename, index), attachment.contentType);
          const openTitle = isProgram
            ? `${name} is a program or script: Lantern only saves it`
            : isBrowser
              ? `Open ${name} (downloads it: a browser cannot start programs)`
              : `Open ${name}`;
          return (
            <li
              key={`${attachment.filename}:${index}`}
              className="attachment-chip attachment-item"
              title={attachment.contentType}
              data-testid="attachment-item"
            >
              <Icon name="paperclip" size={13} />
              <span className="attachment-name">{name}</span>
              <span className="muted">{formatBytes(attachment.size)}</span>
              <button
                type="button"
                className="attachment-action"
                aria-label={`Open ${name}`}
                title={openTitle}
                aria-disabled={isProgram || undefined}
                aria-busy={(busy?.index === index && busy.action === 'open') || undefined}
                onClick={() => void run(index, 'open')}
                data-testid="attachment-open"
              >
                <Icon name="open" size={14} />
              </button>
              <button
                type="button"
                className="attachment-action"
                aria-label={`Save ${name}`}
                title={isBrowser ? `Download ${name}` : `Save ${name}…`}
                aria-busy={(busy?.index === index && busy.action === 'save') || undefined}
                onClick={() => void run(index, 'save')}
                data-testid="attachment-save"
              >
                <Icon name="download" size={14} />
              </button>
            </li>
          );
        })}
      </ul>
      {notice?.kind === 'error' && (
        <p className="attachment-notice is-error" role="alert" data-testid="attachment-error">
          <Icon name="warning" size={13} /> {notice.text}
        </p>
      )}
      {notice?.kind === 'status' && (
        <p className="attachment-notice muted" role="status" data-testid="attachment-status">
          {notice.text}
        </p>
      )}
    </div>
  );
}
