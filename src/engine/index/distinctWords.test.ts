// The one-pass reading of ASCII text gives exactly the distinct indexedWords.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { distinctWords } from './distinctWords';
import { indexedWords } from './fold';

const byDefinition = (text: string): string => [...new Set(indexedWords(text))].join(' ');

describe('distinctWords', () => {
  it('is the distinct indexedWords, in order, for runs, joiners, identifiers and their lengths', () => {
    const texts = [
      '',
      ' ',
      'Hello World hello',
      'a..b a- -a a.b.c/ x_y x__y _x_ .a. a./b',
      'IORING_REGISTER_RING_SIZE io_uring-test v4.1.0 x300.cfg and io_uring again',
      `${'a'.repeat(20)}.${'b'.repeat(19)} ${'c'.repeat(20)}.${'d'.repeat(20)}`,
      'https://lore.kernel.org/io-uring/20200304180016.28212-3-axboe@kernel.dk/T/#u',
      'fs/io_uring.c | 12 ++++++------\n 1 file changed, 6 insertions(+), 6 deletions(-)',
      'UPPER.Case-Joined_words 0x7f.00 1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17.18.19.20',
      'Ünïcödé wörds stay with indexedWords: Király_Pál kiraly',
      'tab\tand\nnew-\nline. end.',
    ];
    for (const text of texts) expect(distinctWords(text)).toBe(byDefinition(text));
  });

  it('is the distinct indexedWords of real list mail', async () => {
    const messages = [
      ...(await readCorpusMessages('io-uring-list.mbox.gz', 300)),
      ...(await readCorpusMessages('usrp-users-list.mbox.gz', 100)),
    ];
    for (const bytes of messages) {
      const { record } = await normalizeMessage(bytes.subarray(bytes.indexOf(0x0a) + 1), testNormalizeContext);
      for (const text of [record.text, `${record.subject}\n${record.fromName} ${record.fromAddress}`])
        expect(distinctWords(text)).toBe(byDefinition(text));
    }
  }, 60_000);
});
