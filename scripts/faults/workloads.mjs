// The work a fault interrupts (import, the merge after an import, embedding, backup, restore): its command, the store
// it starts from, what it must end with, and what it has acknowledged before and after its report.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { searchIds, readStats, damagedAttachments } from './storeState.mjs';

/** Imports of the parts still missing from a store that holds none, the first, or the first two of them. */
const IMPORT_PLANS = [
  { from: 'empty', parts: [0], to: 'p0' },
  { from: 'empty', parts: [0, 1, 2], to: 'all' },
  { from: 'p0', parts: [1], to: 'p01' },
  { from: 'p0', parts: [1, 2], to: 'all' },
  { from: 'p01', parts: [2], to: 'all' },
];

const importDuration = (bases, plan) => plan.parts.reduce((sum, part) => sum + bases.durations[['p0', 'p01', 'all'][part]], 0);

/** A backup is checked by restoring it into a new data folder: it must hold every message and intact attachments. */
async function verifyBackup(lantern, bases, backupDir, scratch) {
  const dataDir = join(scratch, 'restored-from-backup');
  await rm(dataDir, { recursive: true, force: true });
  const run = await lantern.run(['restore', backupDir, '--json', '--data-dir', dataDir]);
  if (run.code !== 0) return [`the backup in ${backupDir} does not restore: ${run.stderr.trim().split('\n').at(-1)}`];
  const listing = await searchIds(lantern, dataDir);
  const problems = [];
  const missing = [...bases.ids.all].filter((id) => !listing.ids.includes(id)).length;
  if (!listing.ok || missing > 0) problems.push(`the backup restores without ${missing} of its ${bases.ids.all.size} messages`);
  const damaged = await damagedAttachments(dataDir);
  if (damaged.length > 0) problems.push(`the backup restores ${damaged.length} damaged attachment files`);
  return problems;
}

/** Each returns { from, args, expected, acknowledgedBefore, acknowledgedAfterReport, durationMs, verify? } for a run. */
export const WORKLOADS = {
  import(bases, random) {
    const plan = random.pick(IMPORT_PLANS);
    const paths = plan.parts.map((part) => bases.corpus.parts[part]);
    return {
      name: `import of part${plan.parts.join('+part')} into ${plan.from === 'empty' ? 'an empty store' : `a store holding ${plan.from}`}`,
      from: plan.from,
      args: () => ['import', ...paths],
      expected: bases.ids[plan.to],
      acknowledgedBefore: bases.ids[plan.from],
      acknowledgedAfterReport: bases.ids[plan.to],
      durationMs: importDuration(bases, plan),
    };
  },
  merge(bases) {
    return {
      name: 'fragment merge after an import (the 20th fragment)',
      from: 'fragmented',
      args: () => ['import', bases.corpus.slices.at(-1), bases.corpus.parts[1]],
      expected: bases.ids.merged,
      acknowledgedBefore: bases.ids.fragmented,
      acknowledgedAfterReport: bases.ids.merged,
      durationMs: bases.durations.merge,
      isAfterReport: true,
    };
  },
  embed(bases) {
    return {
      name: `embedding of ${bases.ids.embedBase.size} messages`,
      from: 'embedBase',
      args: () => ['embed'],
      expected: bases.ids.embedBase,
      acknowledgedBefore: bases.ids.embedBase,
      acknowledgedAfterReport: bases.ids.embedBase,
      durationMs: bases.durations.embed,
      async verify(lantern, dataDir) {
        const stats = await readStats(lantern, dataDir);
        if (!stats) return ['the store does not open after the embedding re-run'];
        const problems = [];
        if (stats.embeddedMessages !== stats.messages)
          problems.push(`embedding re-run left ${stats.messages - stats.embeddedMessages} of ${stats.messages} messages without vectors`);
        if (stats.embeddedChunks !== bases.embeddedChunks)
          problems.push(`embedding re-run left ${stats.embeddedChunks} passages with vectors, a clean run ${bases.embeddedChunks}`);
        return problems;
      },
    };
  },
  backup(bases) {
    return {
      name: `backup of ${bases.ids.all.size} messages`,
      from: 'all',
      args: (scratch) => ['backup', join(scratch, 'backup')],
      expected: bases.ids.all,
      acknowledgedBefore: bases.ids.all,
      acknowledgedAfterReport: bases.ids.all,
      durationMs: bases.durations.backup,
      // A backup acknowledged before the fault is complete, and its re-run refuses the folder it filled.
      isRerunRefusalFine: true,
      verify: (lantern, _dataDir, scratch) => verifyBackup(lantern, bases, join(scratch, 'backup'), scratch),
    };
  },
  restore(bases) {
    return {
      name: `restore of a ${bases.ids.all.size}-message backup over a ${bases.ids.p0.size}-message store`,
      from: 'p0',
      args: () => ['restore', bases.store('backup')],
      expected: bases.ids.all,
      acknowledgedBefore: bases.ids.p0,
      acknowledgedAfterReport: bases.ids.all,
      durationMs: bases.durations.restore,
    };
  },
};
