// The error a container (a folder, an archive, an Outlook data file) ends with when it held no mail at all.

export class NoMailError extends Error {
  /**
   * `what` names the file for a folder's list of skipped files ("a zip archive with no mail inside"); the message is
   * the error shown when the file was dropped on its own.
   */
  constructor(
    readonly what: string,
    message: string,
  ) {
    super(message);
    this.name = 'NoMailError';
  }
}
