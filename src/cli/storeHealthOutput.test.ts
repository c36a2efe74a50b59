// Human `lantern stats` and `lantern check` say what a damaged store lost, and print paths through the terminal sanitiser.
import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../test/corpus';
import { openEngine } from '../engine/api/engine';
import { listManifests } from '../engine/store/tableFiles';
import { runCheckCommand } from './commands/checkCommand';
import { printStats } from './output';

/** A file name anyone could give an export: a window-title sequence ended by BEL. */
const HOSTILE_NAME = 'second\x1b]0;pwned\x07.mbox';
// eslint-disable-next-line no-control-regex -- the characters a terminal acts on, which must never be printed.
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 20);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What `run` prints with console.log (printText's way out), as one text. */
async function printed(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
    lines.push(values.map(String).join(' '));
  });
  await run();
  vi.restoreAllMocks();
  return lines.join('\n');
}

/** A store of two imports, the second from `secondName`, whose messages table's newest version is then cut short. */
async function damagedStore(dataDir: string, secondName: string): Promise<string> {
  const dir = await makeTempDir();
  const first = join(dir, 'first.mbox');
  const second = join(dir, secondName);
  await writeFile(first, toMbox(mails.slice(0, 10)));
  await writeFile(second, toMbox(mails.slice(10, 20)));
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([first], 'first');
    await engine.importPaths([second], 'second');
  } finally {
    await engine.close();
  }
  const table = join(dataDir, 'lancedb', 'messages.lance');
  const [newest] = await listManifests(table);
  const manifest = join(table, '_versions', newest!.name);
  await truncate(manifest, Math.floor((await stat(manifest)).size / 2));
  return second;
}

describe('human output about a damaged store', () => {
  it('lantern stats prints the store health notice, with the file to import again made safe', async () => {
    const dataDir = join(await makeTempDir(), 'store');
    const second = await damagedStore(dataDir, HOSTILE_NAME);
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    let text: string;
    try {
      const stats = await engine.getStats();
      expect(stats.storeHealth?.reimport.map((lost) => lost.path)).toEqual([second]);
      text = await printed(async () => printStats(stats));
    } finally {
      await engine.close();
    }
    expect(text).toMatch(/The store's messages table was damaged: version \d+ .*could not be read and was set aside/);
    expect(text).toContain(`Import again to bring back what was lost: ${join(second, '..', 'second␛]0;pwned␇.mbox')}`);
    expect(text).not.toMatch(ACTIVE);
  });

  it('lantern check prints its report through the sanitiser, though a problem echoes what a damaged file holds', async () => {
    const dataDir = join(await makeTempDir(), 'store');
    await damagedStore(dataDir, 'second.mbox');
    // JSON.parse's error quotes the text it could not read.
    await writeFile(join(dataDir, 'sources.json'), '\x1b]0;pwned\x07');
    let status = -1;
    const text = await printed(async () => {
      status = await runCheckCommand(false, dataDir, false);
    });
    expect(status).toBe(1);
    expect(text).toContain('PROBLEM tables');
    expect(text).toContain('PROBLEM sources');
    expect(text).toContain('␛]0;pwned␇');
    expect(text).not.toMatch(ACTIVE);
  });
});
