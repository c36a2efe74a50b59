// One writer per data folder: a lock file naming the process that owns the store's writes.
import { open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { LanternError } from '../../shared/contract/errors';

const LOCK_FILE = 'writer.lock';

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Engines of this process that hold a lock, so a second writer in the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/** A lock left by a crashed process on this machine is taken over; a live owner means "busy". */
export async function acquireWriterLock(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path)) throw busy(dataDir, { pid: process.pid, host: hostname(), since: '' });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() } satisfies LockOwner));
      await handle.close();
      heldHere.add(path);
      return async () => {
        heldHere.delete(path);
        await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(path);
      // An unreadable lock is a half-written one from a crash: safe to replace.
      const isStale = owner === null || (owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid));
      if (!isStale) throw busy(dataDir, owner);
      await rm(path, { force: true });
    }
  }
  throw new LanternError('store-busy', `could not take the writer lock of ${dataDir}`);
}

function busy(dataDir: string, owner: LockOwner): LanternError {
  const who = owner.pid === process.pid ? 'this process already has it open' : `process ${owner.pid} on ${owner.host} has it open`;
  return new LanternError(
    'store-busy',
    `the Lantern data folder ${dataDir} is being written by another Lantern (${who}); close it first, or use a read-only command (search, show, ask, folders, stats, mcp)`,
  );
}
