// The header fields a message's reader shows, kept with its record; the only parsed header values Lantern reads.

export const SHOWN_HEADERS = [
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'date',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  'list-id',
  'x-mailer',
  'user-agent',
  'organization',
] as const;
