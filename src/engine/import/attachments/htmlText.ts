// Reads the visible text of an HTML attachment, the same way a mail's own HTML body becomes text.
import { convert } from 'html-to-text';
import type { ExtractorInput } from './extractorInput';
import { decodeText } from './decodeText';

export async function htmlText({ bytes, contentType }: ExtractorInput): Promise<string> {
  return convert(decodeText(bytes, contentType), {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
}
