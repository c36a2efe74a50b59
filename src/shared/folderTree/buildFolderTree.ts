// Builds the folder tree from the flat folder list: per source, Gmail's labels in Gmail's order, then the folders,
// each nested by its "/" path, with the parents that hold no mail of their own put in so the nesting shows.
import type { Folder, FolderKind } from '../model/folder';
import { isStateLabel, labelDisplayName, labelRank } from './labelOrder';

/** A source as the tree names it: its id and the file or folder it was imported from. */
export interface TreeSource {
  id: string;
  path: string;
}

/** One node of the tree: a source (account), or a folder or label with the folders or labels nested in it. */
export interface FolderTreeNode {
  /** Unique in the tree, stable across reloads (folding is remembered by it). */
  key: string;
  kind: 'source' | FolderKind;
  /** What the row shows: the last path segment, Gmail's name of a category, a source's file name. */
  name: string;
  /** The whole path within its source (what `in:` takes); a source's imported file or folder. */
  path: string;
  source: string;
  /** Mail filed here itself, not in the nodes below; 0 for a parent that only holds folders. */
  count: number;
  unread: number;
  /** False for a parent put in only to hold its children, and for sources: clicking those folds, it does not scope. */
  hasMail: boolean;
  children: FolderTreeNode[];
}

/**
 * Made when a tree is first sorted, not when this module loads: a collator starts ICU's collation data, and `lantern
 * search` loads this module with the CLI's other printers without ever listing folders.
 */
let collator: Intl.Collator | null = null;

function nodeKey(source: string, kind: FolderTreeNode['kind'], path: string): string {
  return `${kind}\u0001${source}\u0001${path}`;
}

function makeNode(kind: FolderTreeNode['kind'], source: string, path: string, name: string): FolderTreeNode {
  return { key: nodeKey(source, kind, path), kind, name, path, source, count: 0, unread: 0, hasMail: false, children: [] };
}

/** The last one or more segments of a source's path: enough to tell apart sources that share a file name. */
function sourceNames(sources: readonly TreeSource[]): Map<string, string> {
  const segments = new Map(sources.map((source) => [source.id, source.path.split(/[\\/]+/).filter(Boolean)]));
  const names = new Map<string, string>();
  for (let depth = 1; names.size < sources.length; depth += 1) {
    const pending = sources.filter((source) => !names.has(source.id));
    const candidates = new Map(pending.map((source) => [source.id, segments.get(source.id)!.slice(-depth).join('/') || source.id]));
    const taken = [...candidates.values()];
    for (const source of pending) {
      const name = candidates.get(source.id)!;
      const isWhole = depth >= segments.get(source.id)!.length;
      if (isWhole || taken.filter((other) => other === name).length === 1) names.set(source.id, name);
    }
  }
  return names;
}

/** Puts each folder (or label) of one source and kind into a tree by its path; missing parents are made empty. */
function nest(source: string, kind: FolderKind, folders: readonly Folder[]): FolderTreeNode[] {
  const roots: FolderTreeNode[] = [];
  const byPath = new Map<string, FolderTreeNode>();
  const nodeAt = (segments: readonly string[]): FolderTreeNode => {
    const path = segments.join('/');
    let node = byPath.get(path);
    if (node) return node;
    const segment = segments[segments.length - 1]!;
    node = makeNode(kind, source, path, kind === 'label' && segments.length === 1 ? labelDisplayName(segment) : segment);
    byPath.set(path, node);
    (segments.length === 1 ? roots : nodeAt(segments.slice(0, -1)).children).push(node);
    return node;
  };
  for (const folder of folders) {
    const segments = folder.path.split('/').filter((segment) => segment !== '');
    const node = nodeAt(segments.length === 0 ? ['(no folder)'] : segments);
    // The path as stored, so a click scopes to exactly it ("a//b" or "" included).
    node.path = folder.path;
    node.count += folder.count;
    node.unread += folder.unread;
    node.hasMail = true;
  }
  return roots;
}

function sortTree(nodes: FolderTreeNode[], compare: (first: FolderTreeNode, second: FolderTreeNode) => number): FolderTreeNode[] {
  nodes.sort(compare);
  for (const node of nodes) if (node.children.length > 0) sortTree(node.children, byName);
  return nodes;
}

function byName(first: FolderTreeNode, second: FolderTreeNode): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(first.name, second.name) || collator.compare(first.path, second.path);
}

function byGmailOrder(first: FolderTreeNode, second: FolderTreeNode): number {
  return labelRank(first.path) - labelRank(second.path) || byName(first, second);
}

/**
 * The tree, one root per source in the order given (then any source only the folders name), each holding its labels
 * (Gmail order) and then its folders. Read-state labels (Opened, Unread) are left out: they are states, not places.
 */
export function buildFolderTree(folders: readonly Folder[], sources: readonly TreeSource[] = []): FolderTreeNode[] {
  const bySource = new Map<string, Folder[]>();
  for (const source of sources) bySource.set(source.id, []);
  for (const folder of folders) {
    if (folder.kind === 'label' && isStateLabel(folder.path)) continue;
    const list = bySource.get(folder.source);
    if (list) list.push(folder);
    else bySource.set(folder.source, [folder]);
  }
  const known = new Map(sources.map((source) => [source.id, source.path]));
  const allSources = [...bySource.keys()].map((id) => ({ id, path: known.get(id) ?? id }));
  const names = sourceNames(allSources);
  const roots: FolderTreeNode[] = [];
  for (const { id, path } of allSources) {
    const list = bySource.get(id)!;
    if (list.length === 0) continue;
    const root = makeNode('source', id, path, names.get(id) ?? id);
    root.children = [
      ...sortTree(
        nest(
          id,
          'label',
          list.filter((folder) => folder.kind === 'label'),
        ),
        byGmailOrder,
      ),
      ...sortTree(
        nest(
          id,
          'folder',
          list.filter((folder) => folder.kind === 'folder'),
        ),
        byName,
      ),
    ];
    roots.push(root);
  }
  return roots;
}
