// Folders and labels as listed in the folder tree, with message counts.

export type FolderKind = 'folder' | 'label';

/** A folder (from the source's structure) or a label (Gmail X-Gmail-Labels), with its message count. */
export interface Folder {
  name: string;
  path: string;
  kind: FolderKind;
  count: number;
  /** Id of the imported source (collection) the folder belongs to. */
  source: string;
}
