// Which attachments Lantern will not open, only save: programs and scripts run when "opened", and mail is how they arrive.

/** Extensions the desktop runs or installs when asked to open them (Windows, macOS, Linux). */
const EXECUTABLE_EXTENSIONS = new Set([
  // The agreed list.
  ...[
    'exe',
    'bat',
    'cmd',
    'com',
    'js',
    'jse',
    'vbs',
    'vbe',
    'wsf',
    'scr',
    'msi',
    'jar',
    'ps1',
    'psm1',
    'sh',
    'app',
    'lnk',
    'reg',
    'hta',
    'cpl',
    'dll',
    'pif',
  ],
  ...['appimage', 'deb', 'rpm', 'dmg', 'pkg', 'command'],
  // Their close relatives, which open the same way: Windows script hosts and installers, shortcuts, macOS and Linux launchers.
  ...['msp', 'mst', 'msc', 'ws', 'wsh', 'vb', 'ps1xml', 'ps2', 'psc1', 'psd1', 'scf', 'url', 'inf', 'gadget', 'application', 'appref-ms'],
  ...['mjs', 'cjs', 'py', 'pyw', 'pl', 'rb', 'bash', 'zsh', 'csh', 'ksh', 'run', 'desktop', 'workflow', 'terminal', 'tool', 'mpkg'],
]);

/** Types senders give programs and scripts, caught even when the name has no telling extension. */
const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-shellscript',
  'application/x-csh',
  'application/javascript',
  'application/x-javascript',
  'text/javascript',
  'application/java-archive',
  'application/x-java-archive',
  'application/hta',
  'application/x-ms-shortcut',
  'application/x-apple-diskimage',
  'application/vnd.debian.binary-package',
  'application/x-debian-package',
  'application/x-rpm',
  'application/x-powershell',
]);

/** The extension that decides how a desktop opens the file: after the last dot, lower-cased ('' when none). */
export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** True when opening the file would run it; check the sanitised name, which is the one written to disk. */
export function isExecutableAttachment(filename: string, contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return EXECUTABLE_EXTENSIONS.has(fileExtension(filename)) || EXECUTABLE_TYPES.has(type);
}

/** Why an attachment is saved but not opened, in the words the app and the CLI show. */
export function executableRefusal(filename: string): string {
  return `“${filename}” is a program or script, which Lantern never opens (it would run); save it instead and check it before running it`;
}
