// Programs and scripts are only ever saved: decided by the extension a desktop would use, or the type the sender gave.
import { describe, expect, it } from 'vitest';
import { isExecutableAttachment } from './executableAttachment';
import { safeAttachmentName } from './safeAttachmentName';

describe('isExecutableAttachment', () => {
  it.each([
    'setup.exe',
    'RUN.BAT',
    'x.cmd',
    'a.com',
    'a.js',
    'a.jse',
    'a.vbs',
    'a.vbe',
    'a.wsf',
    'a.scr',
    'a.msi',
    'a.jar',
    'a.ps1',
    'a.psm1',
    'a.sh',
  ])('%s is refused', (name) => expect(isExecutableAttachment(name, 'application/octet-stream')).toBe(true));

  it.each([
    'a.app',
    'a.lnk',
    'a.reg',
    'a.hta',
    'a.cpl',
    'a.dll',
    'a.pif',
    'a.AppImage',
    'a.deb',
    'a.rpm',
    'a.dmg',
    'a.pkg',
    'a.command',
    'invoice.pdf.exe',
  ])('%s is refused', (name) => expect(isExecutableAttachment(name, 'application/octet-stream')).toBe(true));

  it.each([
    ['report.pdf', 'application/pdf'],
    ['photo.jpg', 'image/jpeg'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['exe.pdf', 'application/pdf'],
    ['README', 'text/plain'],
  ])('%s (%s) opens', (name, type) => expect(isExecutableAttachment(name, type)).toBe(false));

  it('catches a program by its type when the name hides it', () => {
    expect(isExecutableAttachment('update', 'application/x-msdownload')).toBe(true);
    expect(isExecutableAttachment('script.txt', 'Application/JavaScript; charset=utf-8')).toBe(true);
  });

  it('judges the sanitised name, so trailing dots and reversed text do not hide an .exe', () => {
    expect(isExecutableAttachment(safeAttachmentName('setup.exe. ', 0), '')).toBe(true);
    expect(isExecutableAttachment(safeAttachmentName('photo\u202Egpj.exe', 0), '')).toBe(true);
  });
});
