// Where model files come from: the hub, or a mirror laid out like it, and the URLs of a file and of a repository's listing.
import { LanternError } from '../../shared/contract/errors';

export const HUB_URL = 'https://huggingface.co';
/** A mirror for every download of this machine, for people behind a company mirror; the setting wins over it. */
export const MIRROR_VARIABLE = 'LANTERN_MODEL_MIRROR';

/** The base URL of one download: the one asked for, else the setting, else LANTERN_MODEL_MIRROR, else the hub. */
export function chooseSource(asked: string | undefined, setting: string | null): string {
  const chosen = asked ?? setting ?? (process.env[MIRROR_VARIABLE] || HUB_URL);
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    throw new LanternError(
      'bad-request',
      `models: the mirror "${chosen}" is not a URL; give a base URL such as https://hf-mirror.example.org`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new LanternError('bad-request', `models: the mirror "${chosen}" must start with http:// or https://`);
  return chosen.replace(/\/+$/, '');
}

function pathOf(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** `{base}/{repository}/resolve/{revision}/{path}`: the hub's address of one file at one revision. */
export function fileUrl(base: string, repository: string, revision: string, path: string): string {
  return `${base}/${repository}/resolve/${encodeURIComponent(revision)}/${pathOf(path)}`;
}

/** The hub's listing of a repository's files at a revision, with each file's size and its LFS SHA-256 or git blob id. */
export function treeUrl(base: string, repository: string, revision: string): string {
  return `${base}/api/models/${repository}/tree/${encodeURIComponent(revision)}?recursive=true`;
}
