// Who sent a mail, when, to whom and where it is filed, with its attachments.
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import type { ReactNode } from 'react';
import { formatFullDate, personName } from '../../ui/format';
import { PersonName, PersonNames } from '../people/PersonName';
import { AttachmentList } from './AttachmentList';

function HeaderRow({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  if (!value) return null;
  return (
    <div className="reader-header-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function SenderLine({ message }: { message: Pick<MessageDetail, 'from' | 'date'> }) {
  return (
    <div className="reader-sender">
      <span className="reader-avatar" aria-hidden="true">
        {personName(message.from).slice(0, 1).toUpperCase()}
      </span>
      <div>
        <div className="reader-from" data-testid="reader-from">
          <strong>
            <PersonName person={message.from} />
          </strong>
          {message.from.name && message.from.address && <span className="muted"> &lt;{message.from.address}&gt;</span>}
        </div>
        <time className="muted" dateTime={message.date} data-testid="reader-date">
          {formatFullDate(message.date)}
        </time>
      </div>
    </div>
  );
}

export interface RecipientsAndAttachmentsProps {
  message: MessageDetail;
  client: LanternClient;
  /** A conversation's message: its sender sits in the row's toggle button, so the name that opens the person is here. */
  hasFromRow?: boolean;
}

export function RecipientsAndAttachments({ message, client, hasFromRow = false }: RecipientsAndAttachmentsProps) {
  return (
    <>
      <dl className="reader-header-list">
        <HeaderRow label="From" value={hasFromRow && <PersonNames people={[message.from]} />} testId="reader-from-row" />
        <HeaderRow label="To" value={message.to.length > 0 && <PersonNames people={message.to} />} testId="reader-to" />
        <HeaderRow label="Cc" value={message.cc.length > 0 && <PersonNames people={message.cc} />} testId="reader-cc" />
        <HeaderRow label="Bcc" value={message.bcc.length > 0 && <PersonNames people={message.bcc} />} testId="reader-bcc" />
        <HeaderRow label="Folder" value={[message.folder, ...message.labels].filter(Boolean).join(', ')} testId="reader-folder" />
      </dl>
      {message.attachments.length > 0 && (
        <AttachmentList key={message.id} client={client} messageId={message.id} attachments={message.attachments} />
      )}
    </>
  );
}
