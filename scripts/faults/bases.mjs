// The stores faults start from, built once per run by real imports, with what each holds and how long its work took.
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { searchIds, readStats } from './storeState.mjs';

/** A word the usrp list uses often, searched after every fault to see that the keyword index agrees with the store. */
export const PROBE_QUERY = 'gain';

async function idSet(lantern, dataDir) {
  const listing = await searchIds(lantern, dataDir);
  if (!listing.ok) throw new Error(`faults: could not list the messages of ${dataDir}: ${listing.error}`);
  return new Set(listing.ids);
}

export async function copyStore(from, to) {
  await rm(to, { recursive: true, force: true });
  if (from !== null) await cp(from, to, { recursive: true });
  return to;
}

/**
 * p0, p01, all: the parts imported one after another. fragmented: all slices but the last, one fragment each, so the
 * import of the last slice and part1 ends with the engine's fragment merge (merged: that store). embedBase: a few slices
 * without vectors, for the embedding stage (when asked for); its full run gives the number of passages it must end with.
 * backup: a backup of `all`, which restores are run from.
 */
export async function prepareBases(lantern, folder, corpus, { withEmbedding }) {
  const store = (name) => join(folder, name);
  const durations = {};
  const ids = { empty: new Set() };
  const importInto = async (name, from, paths) => {
    await copyStore(from === null ? null : store(from), store(name));
    const run = await lantern.runOrThrow(['import', ...paths, '--json', '--data-dir', store(name)]);
    durations[name] = run.elapsedMs;
    ids[name] = await idSet(lantern, store(name));
    return run;
  };
  const { parts, slices } = corpus;
  await importInto('p0', null, [parts[0]]);
  await importInto('p01', 'p0', [parts[1]]);
  await importInto('all', 'p01', [parts[2]]);
  await importInto('fragmented', null, slices.slice(0, -1));
  const merge = await importInto('merged', 'fragmented', [slices.at(-1), parts[1]]);
  durations.merge = merge.elapsedMs - merge.reportAtMs;
  let embeddedChunks = null;
  if (withEmbedding) {
    await importInto('embedBase', null, slices.slice(0, Math.min(6, slices.length)));
    await copyStore(store('embedBase'), store('embedded'));
    const embed = await lantern.runOrThrow(['embed', '--json', '--data-dir', store('embedded')]);
    durations.embed = embed.elapsedMs;
    embeddedChunks = (await readStats(lantern, store('embedded'))).embeddedChunks;
  }
  const backup = await lantern.runOrThrow(['backup', store('backup'), '--json', '--data-dir', store('all')]);
  durations.backup = backup.elapsedMs;
  await copyStore(store('p0'), store('restored'));
  const restore = await lantern.runOrThrow(['restore', store('backup'), '--json', '--data-dir', store('restored')]);
  durations.restore = restore.elapsedMs;
  const probe = await searchIds(lantern, store('all'), PROBE_QUERY);
  if (!probe.ok || probe.ids.length === 0)
    throw new Error(`faults: the probe search "${PROBE_QUERY}" found nothing in ${store('all')}: ${probe.error ?? ''}`);
  return {
    store,
    ids,
    durations,
    corpus,
    probeQuery: PROBE_QUERY,
    probeIds: new Set(probe.ids),
    embeddedChunks,
  };
}
