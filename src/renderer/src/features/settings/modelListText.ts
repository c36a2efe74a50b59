// The words of the model list: each role's heading and what is in use for it, and what a model costs.
import type { CatalogueModel, ModelListing, ModelListEntry, ModelRole } from '../../../../shared/model/models';
import { describeBytes } from '../../../../shared/models/byteSize';
import { baseName } from '../../ui/format';

/** The roles in the order a person meets them: searching, then ordering hits, then answers. */
export const ROLES: { role: ModelRole; heading: string; purpose: string }[] = [
  { role: 'embedder', heading: 'Meaning search', purpose: 'Finds mail by what it means, not only by its words.' },
  { role: 'reranker', heading: 'Reranking', purpose: 'Takes a closer look at the best hits of a search and puts them in a better order.' },
  { role: 'answer', heading: 'Answers', purpose: 'Answers questions about your mail, quoting the messages it used.' },
];

export interface RoleGroup {
  role: ModelRole;
  heading: string;
  purpose: string;
  /** What the role uses now: a catalogue model's title, or the files the person chose. */
  inUse: string;
  models: ModelListEntry[];
}

/** The listing split by role, each with what it uses now. */
export function roleGroups(listing: ModelListing): RoleGroup[] {
  return ROLES.map(({ role, heading, purpose }) => {
    const models = listing.models.filter((model) => model.role === role);
    const files = listing.filesInUse.find((entry) => entry.role === role);
    const model = models.find((entry) => entry.isInUse);
    const inUse = files ? `your files, ${baseName(files.path)}` : (model?.title ?? 'nothing');
    return { role, heading, purpose, inUse, models };
  });
}

/**
 * "Download 23 MB · 23 MB on disk · about 150 MB of memory", "about" where the catalogue rounds; once installed, the
 * bytes it really takes.
 */
export function costLine(model: CatalogueModel & Partial<Pick<ModelListEntry, 'state' | 'bytesOnDisk'>>): string {
  const memory = model.memoryBytes > 0 ? `about ${describeBytes(model.memoryBytes)} of memory` : 'no model in memory';
  if (model.isBuiltIn) return `Built in: nothing to download · ${memory}`;
  if (model.state === 'installed' && model.bytesOnDisk !== undefined)
    return `Installed: ${describeBytes(model.bytesOnDisk)} on disk · ${memory}`;
  const about = model.isDownloadSizeExact ? '' : 'about ';
  return `Download ${about}${describeBytes(model.downloadBytes)} · ${about}${describeBytes(model.diskBytes)} on disk · ${memory}`;
}

/** The sentence under a row saying where it stands, or null when nothing needs saying. */
export function stateLine(model: ModelListEntry): string | null {
  if (model.isBuiltIn) return null;
  switch (model.state) {
    case 'installed':
      return null;
    case 'paused':
      return `${describeBytes(model.bytesOnDisk)} of ${describeBytes(model.downloadBytes)} kept: resume to fetch the rest.`;
    case 'downloading':
    case 'available':
      return null;
  }
}
