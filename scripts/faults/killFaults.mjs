// Faults that end the engine with SIGKILL (the whole process group) at a random point of its work.
import { startStore } from './scratch.mjs';
import { WORKLOADS } from './workloads.mjs';

/**
 * Half the points fall anywhere in the work, half in its last third, where imports commit their last batch and save
 * the keyword index, and embedding appends and compacts its passages. A few land after its end: retried sooner.
 */
function killPoint(random, durationMs) {
  const fraction = random.next() < 0.5 ? random.between(0.03, 1) : random.between(0.67, 1.05);
  return Math.round(fraction * durationMs);
}

const ATTEMPTS = 4;

export function killFault(workload) {
  return {
    name: `kill-${workload}`,
    title: `SIGKILL during ${workload}`,
    async inject({ lantern, bases, random, scratch }) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        const work = WORKLOADS[workload](bases, random);
        const dataDir = await startStore(bases, work.from, scratch);
        // A run that ended before its kill point is tried again with the point sooner.
        const span = work.durationMs / attempt;
        const kill = work.isAfterReport
          ? { afterJson: true, delayMs: Math.round(random.between(0, span)) }
          : { afterMs: killPoint(random, span) };
        const args = [...work.args(scratch), '--json', '--data-dir', dataDir];
        const run = await lantern.run(args, { kill });
        if (!run.wasKilled) continue;
        const when = work.isAfterReport ? `${kill.delayMs} ms after its report` : `${kill.afterMs} ms in`;
        return {
          injected: true,
          detail: `${work.name}: SIGKILL ${when}${run.json ? ' (reported done)' : ''}`,
          dataDir,
          work,
          acknowledged: run.json ? work.acknowledgedAfterReport : work.acknowledgedBefore,
          rerun: () => lantern.run(args),
        };
      }
      return { injected: false, detail: `${workload}: ended before every one of ${ATTEMPTS} kill points` };
    },
  };
}

export const KILL_FAULTS = ['import', 'merge', 'embed', 'backup', 'restore'].map(killFault);
