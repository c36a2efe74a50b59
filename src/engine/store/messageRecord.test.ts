// The JSON columns' decoders: typed values from what import wrote, and empty values (reported once) from damaged text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeAddresses, decodeAttachmentTexts, decodeHeaders, decodeLabels } from './messageRecord';

describe('message record decoders', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads what import writes', () => {
    const texts = [
      { filename: 'notes.pdf', text: 'line one\nline "two" café' },
      { filename: 'scan.pdf', text: '', error: 'PDF could not be read: it has no text layer' },
    ];
    expect(decodeAttachmentTexts(JSON.stringify(texts))).toEqual(texts);
    expect(decodeAddresses(JSON.stringify([{ name: 'Ada', address: 'ada@example.com' }]), 'toJson')).toEqual([
      { name: 'Ada', address: 'ada@example.com' },
    ]);
    expect(decodeLabels('["Inbox","Work/Projects"]')).toEqual(['Inbox', 'Work/Projects']);
    expect(decodeHeaders('{"subject":"Hello","x-lantern-cut":"cut: 2 of 5 MIME parts not read"}')).toEqual({
      subject: 'Hello',
      'x-lantern-cut': 'cut: 2 of 5 MIME parts not read',
    });
  });

  it('gives every attachment a name and a text, whatever fields its stored item lacks', () => {
    expect(decodeAttachmentTexts('[{"filename":"a.pdf"},{"text":"only text"},null,7]')).toEqual([
      { filename: 'a.pdf', text: '' },
      { filename: '', text: 'only text' },
      { filename: '', text: '' },
      { filename: '', text: '' },
    ]);
    expect(decodeHeaders('["not","an","object"]')).toEqual({});
  });

  it('reads damaged text as empty and says so once per column', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(decodeAttachmentTexts('[{"filename":"a.pdf","te')).toEqual([]);
    expect(decodeAttachmentTexts('')).toEqual([]);
    expect(decodeAddresses('{"name"', 'ccJson')).toEqual([]);
    expect(warn.mock.calls.map(([message]) => String(message).replace(/ \(.*\)/, ''))).toEqual([
      'message store: a stored attachmentTextJson is not JSON; it is read as empty',
      'message store: a stored ccJson is not JSON; it is read as empty',
    ]);
  });
});
