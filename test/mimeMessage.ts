// Test helper: one multipart/mixed message in mbox form, with a plain-text body and base64 attachments.

export interface Attached {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** The message starts with its mbox "From " line; `id` makes its Message-ID and MIME boundary. */
export function mimeMessage(id: string, subject: string, body: string, attachments: Attached[]): Buffer {
  const boundary = `part-${id}`;
  const parts = attachments.map((attachment) =>
    [
      `--${boundary}`,
      `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
      `Content-Disposition: attachment; filename="${attachment.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      attachment.bytes.toString('base64').replace(/.{76}/g, '$&\n'),
    ].join('\n'),
  );
  return Buffer.from(
    [
      'From ada@example.com Mon Jan  8 10:00:00 2024',
      'From: Ada Lovelace <ada@example.com>',
      'To: team@example.com',
      `Subject: ${subject}`,
      'Date: Mon, 08 Jan 2024 10:00:00 +0000',
      `Message-ID: <${id}@example.com>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      ...parts,
      `--${boundary}--`,
      '',
    ].join('\n'),
  );
}
