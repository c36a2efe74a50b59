// Finds the files a launch was asked to open (e.g. "Open with Lantern", or a second launch with paths).
import path from 'node:path';

/**
 * The non-flag arguments after the executable (and, unpackaged, after the app folder Electron was started with),
 * resolved against the launch's working directory. Chromium adds its own --flags, so anything starting with '-'
 * is skipped.
 */
export function pathsFromArgv(argv: readonly string[], options: { isPackaged: boolean; workingDirectory: string }): string[] {
  const skip = options.isPackaged ? 1 : 2;
  return argv
    .slice(skip)
    .filter((argument) => argument.length > 0 && !argument.startsWith('-'))
    .map((argument) => path.resolve(options.workingDirectory, argument));
}
