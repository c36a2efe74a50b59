// Folders and labels as listed in the folder tree, with message counts.

export type FolderKind = 'folder' | 'label';

/** A folder (from the source's structure) or a label (Gmail X-Gmail-Labels), with its message counts. */
export interface Folder {
  /** The last segment of the path. */
  name: string;
  /** The whole "/" path within its source, as `in:` takes it. */
  path: string;
  kind: FolderKind;
  /** The messages a search scoped to this folder lists (outside Trash and Spam this leaves out trashed mail, as searches do). */
  count: number;
  /** How many of those are unread. */
  unread: number;
  /** Id of the imported source (collection) the folder belongs to. */
  source: string;
}
