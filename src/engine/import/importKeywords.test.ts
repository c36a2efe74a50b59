// The words an import indexes a message by are the ones a rebuild of the keyword index reads from its stored record.
import { describe, expect, it } from 'vitest';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { readCorpusMessages } from '../../../test/corpus';
import { keywordDocumentOf } from '../index/keywordDocument';
import { normalizeMessage } from './normalize';

const context = testNormalizeContext;

const multipart = [
  'From: =?utf-8?Q?J=C3=B6rg?= <jorg@example.com>',
  'To: Ann <ann@example.com>, list@example.com',
  'Cc: Group: b@example.com;',
  'Subject: Quarterly figures',
  'Content-Type: multipart/mixed; boundary=b',
  '',
  '--b',
  'Content-Type: text/plain',
  '',
  'The figures are attached.',
  '--b',
  'Content-Type: text/plain; name=figures.txt',
  'Content-Disposition: attachment; filename=figures.txt',
  '',
  'revenue grew',
  '--b--',
  '',
].join('\n');

describe('import keywords', () => {
  it('are the keyword document of the stored record, for list mail and for mail with people and attachments', async () => {
    const messages = [...(await readCorpusMessages('usrp-users-list.mbox.gz', 200)), Buffer.from(multipart)];
    for (const bytes of messages) {
      const normalized = await normalizeMessage(bytes, context);
      expect(normalized.keywords).toEqual(keywordDocumentOf(normalized.record));
    }
    const last = await normalizeMessage(Buffer.from(multipart), context);
    expect(last.keywords.meta.split(' ')).toEqual(expect.arrayContaining(['figures', 'ann', 'figures.txt']));
    expect(last.keywords.content.split(' ')).toEqual(expect.arrayContaining(['revenue']));
  });
});
