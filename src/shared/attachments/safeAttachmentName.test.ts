// Attachment names from mail are written by strangers: whatever they hold, the result is one plain file name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeAttachmentName } from './safeAttachmentName';

describe('safeAttachmentName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Windows\\System32\\evil.dll', 'evil.dll'],
    ['.bashrc', 'bashrc'],
    ['...hidden.txt', 'hidden.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['line\nbreak\u0000.txt', 'linebreak.txt'],
    ['what?<is>:this|"*.txt', 'what__is__this___.txt'],
    ['trailing.exe. . ', 'trailing.exe'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['Résumé – 2024.docx', 'Résumé – 2024.docx'],
  ])('%j becomes %j', (name, expected) => {
    expect(safeAttachmentName(name, 0)).toBe(expected);
  });

  it.each(['', '..', '/', '\u202E', ' . ', 'folder/'])('%j falls back to attachment-N, counting from 1', (name) => {
    expect(safeAttachmentName(name, 2)).toBe('attachment-3');
  });

  it('shortens a long name to 200 bytes and keeps its extension', () => {
    const name = safeAttachmentName(`${'ü'.repeat(300)}.pdf`, 0);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name.startsWith('üüü')).toBe(true);
  });

  it('never keeps a separator, a control character, a leading dot or more than 200 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.nat(1000), (name, index) => {
        const safe = safeAttachmentName(name, index);
        // eslint-disable-next-line no-control-regex -- the property is that no control character is left.
        expect(safe).not.toMatch(/[\\/<>:"|?*\u0000-\u001f\u007f]/);
        expect(safe).not.toMatch(/^[.\s]|[.\s]$/);
        expect(safe.length).toBeGreaterThan(0);
        expect(new TextEncoder().encode(safe).length).toBeLessThanOrEqual(200);
      }),
    );
  });
});
