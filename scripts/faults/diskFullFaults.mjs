// Faults that run the engine out of room: a file size limit (RLIMIT_FSIZE, writes past it fail with EFBIG) anywhere,
// and a full disk (ENOSPC) on a size-limited tmpfs where mounting one is allowed.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { startStore } from './scratch.mjs';
import { errorLine, isCrash } from './storeState.mjs';
import { canMountTmpfs, folderBytes, growDisk, leaveFree, mountDisk, unmountDisk } from './tmpfsDisk.mjs';
import { WORKLOADS } from './workloads.mjs';

const ATTEMPTS = 4;
const ROOMY_DISK_BYTES = 2 * 1024 ** 3;

/** Running out of room must end a command with its own message: a crash is a problem even when nothing was lost. */
function crashProblems(run) {
  return isCrash(run.stderr) ? [`the command crashed instead of reporting the full disk (${lastWords(run.stderr)})`] : [];
}

/** File size limits from 8 KB to 4 MB: from the smallest table file to the whole keyword index of a part. */
export function fileSizeFault(workload) {
  return {
    name: `full-${workload}`,
    title: `file size limit during ${workload}`,
    async inject({ lantern, bases, random, scratch }) {
      let limitKb = Math.round(random.logBetween(8, 4096));
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        const work = WORKLOADS[workload](bases, random);
        const dataDir = await startStore(bases, work.from, scratch);
        const args = [...work.args(scratch), '--json', '--data-dir', dataDir];
        const run = await lantern.run(args, { fileSizeLimitKb: limitKb });
        if (run.code === 0) {
          // Nothing it wrote reached the limit: lower it.
          limitKb = Math.max(1, Math.round(limitKb / 8));
          continue;
        }
        return {
          injected: true,
          detail: `${work.name}: files limited to ${limitKb} KB, ended with ${run.signal ?? `exit ${run.code}`} (${lastWords(run.stderr)})`,
          dataDir,
          work,
          acknowledged: run.json ? work.acknowledgedAfterReport : work.acknowledgedBefore,
          rerun: () => lantern.run(args),
          problems: crashProblems(run),
        };
      }
      return { injected: false, detail: `${workload}: finished under every file size limit down to ${limitKb} KB` };
    },
  };
}

/** The data folder on a tmpfs with 16 KB to 8 MB free beyond the store it starts with (4 KB and less on retries). */
export const fullDiskFault = {
  name: 'disk-full',
  title: 'full disk (tmpfs, ENOSPC) during import, embedding or restore',
  isAvailable: ({ scratchRoot }) => canMountTmpfs(scratchRoot),
  async inject({ lantern, bases, random, scratch }) {
    const workload = random.pick(['import', 'embed', 'restore']);
    let freeBytes = Math.round(random.logBetween(16 * 1024, 8 * 1024 ** 2));
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const work = WORKLOADS[workload](bases, random);
      const staged = await startStore(bases, work.from, scratch, join(scratch, 'staged'));
      const disk = join(scratch, 'disk');
      const baseBytes = work.from === 'empty' ? 0 : await folderBytes(staged);
      await mountDisk(disk, baseBytes + 1024 ** 2);
      const dataDir = join(disk, 'data');
      if (work.from !== 'empty') await cp(staged, dataDir, { recursive: true });
      await leaveFree(disk, freeBytes);
      const args = [...work.args(scratch), '--json', '--data-dir', dataDir];
      const run = await lantern.run(args);
      if (run.code === 0) {
        await unmountDisk(disk);
        freeBytes = Math.max(4096, Math.round(freeBytes / 8));
        continue;
      }
      await growDisk(disk, ROOMY_DISK_BYTES);
      return {
        injected: true,
        detail: `${work.name}: ${Math.round(freeBytes / 1024)} KB free, ended with ${run.signal ?? `exit ${run.code}`} (${lastWords(run.stderr)})`,
        dataDir,
        work,
        acknowledged: run.json ? work.acknowledgedAfterReport : work.acknowledgedBefore,
        rerun: () => lantern.run(args),
        problems: crashProblems(run),
        cleanup: () => unmountDisk(disk),
      };
    }
    return { injected: false, detail: `${workload}: finished with every amount of free space down to ${freeBytes} bytes` };
  },
};

function lastWords(stderr) {
  const line = errorLine(stderr);
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

export const DISK_FULL_FAULTS = [...['import', 'embed', 'backup', 'restore'].map(fileSizeFault), fullDiskFault];
