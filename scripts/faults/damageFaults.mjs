// Faults that damage a settled store's files as a failing disk or a crash mid-write would: a table's data file, its
// newest version manifest, the keyword index, an attachment. Recovery may re-import the sources: nothing is lost once
// `check --repair` and a re-import have run.
import { open, readdir, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { damagedAttachments } from './storeState.mjs';
import { startStore } from './scratch.mjs';

/**
 * Cuts the file to a random share of its length ('cut'), or overwrites a stretch inside it with random bytes, its
 * length and its last 16 bytes (where Lance keeps a manifest's footer) unchanged ('overwrite').
 */
async function damageFile(path, mode, random) {
  const { size } = await stat(path);
  if (mode === 'cut' || size < 64) {
    const length = Math.floor(size * random.between(0, 0.9));
    await truncate(path, length);
    return `cut to ${length} of ${size} bytes`;
  }
  const length = random.integer(1, Math.min(4096, (size - 16) >> 1));
  const at = random.integer(0, size - 16 - length);
  const handle = await open(path, 'r+');
  try {
    await handle.write(Buffer.from(Array.from({ length }, () => random.integer(0, 255))), 0, length, at);
  } finally {
    await handle.close();
  }
  return `${length} bytes at ${at} of ${size} overwritten`;
}

async function filesIn(folder, pattern) {
  return (await readdir(folder).catch(() => [])).filter((name) => pattern.test(name)).sort();
}

/**
 * LanceDB's manifest names count down from 2^64 (the newest version has the smallest number) or, in the older scheme,
 * up from 1: the newest is the largest version either way.
 */
function versionOf(name) {
  const number = BigInt(name.replace('.manifest', ''));
  return number > 2n ** 63n ? 2n ** 64n - 1n - number : number;
}

const TARGETS = {
  table: {
    title: 'a messages table data file',
    choose: async (dataDir, random) => {
      const folder = join(dataDir, 'lancedb', 'messages.lance', 'data');
      return join(folder, random.pick(await filesIn(folder, /\.lance$/)));
    },
  },
  manifest: {
    title: "the messages table's newest version manifest",
    choose: async (dataDir) => {
      const folder = join(dataDir, 'lancedb', 'messages.lance', '_versions');
      const names = await filesIn(folder, /^\d+\.manifest$/);
      return join(
        folder,
        names.reduce((newest, name) => (versionOf(name) > versionOf(newest) ? name : newest)),
      );
    },
  },
  keywords: {
    title: 'a keyword index file',
    choose: async (dataDir, random) => {
      const folder = join(dataDir, 'keyword-index');
      return join(folder, random.pick(await filesIn(folder, /^[^.]/)));
    },
  },
  attachment: {
    title: 'an attachment file',
    choose: async (dataDir, random) => {
      const folder = join(dataDir, 'attachments');
      return join(folder, random.pick(await filesIn(folder, /^[0-9a-f]{64}$/)));
    },
  },
};

/** `modes`: how the file may be damaged, one picked at random per fault. */
export function damageFault(target, modes, name = `damage-${target}`) {
  const { title, choose } = TARGETS[target];
  return {
    name,
    title: `damaged ${title} (${modes.join(' or ')})`,
    async inject({ lantern, bases, random, scratch, isQuick }) {
      const dataDir = await startStore(bases, 'all', scratch);
      const file = await choose(dataDir, random);
      // The quick subset damages files as the issue names it (cut short); overwrites are for the full run.
      const how = await damageFile(file, isQuick && modes.includes('cut') ? 'cut' : random.pick(modes), random);
      const sources = bases.corpus.parts;
      return {
        injected: true,
        isDamage: true,
        detail: `${file.slice(dataDir.length + 1)}: ${how}`,
        dataDir,
        work: {
          name: 're-import of every source',
          expected: bases.ids.all,
          acknowledgedBefore: bases.ids.all,
          verify: async () => {
            const damaged = await damagedAttachments(dataDir);
            return damaged.length > 0 ? [`${damaged.length} attachment files still damaged after check --repair and a re-import`] : [];
          },
        },
        acknowledged: new Set(),
        rerun: () => lantern.run(['import', ...sources, '--json', '--data-dir', dataDir]),
      };
    },
  };
}

const ANY = ['cut', 'overwrite'];

/** A manifest cut short (the fault) apart from one overwritten inside, which only decoding it finds. */
export const DAMAGE_FAULTS = [
  damageFault('table', ANY),
  damageFault('manifest', ['cut']),
  damageFault('manifest', ['overwrite'], 'damage-manifest-inside'),
  damageFault('keywords', ANY),
  damageFault('attachment', ANY),
];
