// `lantern check` on real stores: whole, then with a damaged attachment, keyword index, catalog snapshot, sources.json or table version.
import { open, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { openEngine } from '../api/engine';
import { catalogSnapshotFolder, loadCatalogSnapshot, tableTieOf } from '../index/catalogSnapshot';
import { MessageStore } from '../store/messageStore';
import { listManifests } from '../store/tableFiles';
import { runCheck } from './runCheck';
import type { CheckReport } from './checkReport';

const rebuildIndexes = async (dataDir: string): Promise<void> => (await openEngine({ dataDir, timeZone: 'UTC' })).close();
const check = (dataDir: string, repair = false): Promise<CheckReport> => runCheck({ dataDir, repair, rebuildIndexes });
const part = (report: CheckReport, name: string) => report.parts.find((candidate) => candidate.name === name)!;

/** What a test reads of the keyword index's manifest: where a field's ordinals begin in its file. */
interface KeywordManifest {
  fields: { content: { file: string; words: number; wordBytes: number } };
}

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 20);
});

/** A store of two imports, one of them a message with an attachment kept in attachments/. */
async function storeWithAttachment(): Promise<{ dataDir: string; second: string; messageId: string }> {
  const dir = await makeTempDir();
  const first = join(dir, 'first.mbox');
  const second = join(dir, 'second.mbox');
  const withAttachment = mimeMessage('figures', 'Quarterly figures', 'The figures are attached.', [
    { filename: 'figures.txt', contentType: 'text/plain', bytes: Buffer.from('revenue 12, costs 7\n'.repeat(40)) },
  ]);
  await writeFile(first, Buffer.concat([toMbox(mails.slice(0, 10)), withAttachment, Buffer.from('\n')]));
  await writeFile(second, toMbox(mails.slice(10, 20)));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([first], 'first');
    await engine.importPaths([second], 'second');
    const [hit] = (await engine.search({ query: 'subject:quarterly', limit: 1 })).hits;
    return { dataDir, second, messageId: hit!.id };
  } finally {
    await engine.close();
  }
}

/** Overwrites a stretch inside the newest data file of the messages table with seeded random bytes, its length unchanged. */
async function overwriteNewestDataFile(dataDir: string): Promise<void> {
  const folder = join(dataDir, 'lancedb', 'messages.lance', 'data');
  const files = await Promise.all((await readdir(folder)).map(async (name) => ({ name, time: (await stat(join(folder, name))).mtimeMs })));
  const path = join(folder, files.sort((first, second) => second.time - first.time)[0]!.name);
  const { size } = await stat(path);
  const length = Math.min(4096, size >> 1);
  let seed = 7;
  const bytes = Buffer.from(Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 23));
  const handle = await open(path, 'r+');
  try {
    await handle.write(bytes, 0, length, size >> 3);
  } finally {
    await handle.close();
  }
}

async function allMessageIds(dataDir: string): Promise<string[]> {
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    return (await engine.search({ query: '', sort: 'date', limit: 1000 })).hits.map((hit) => hit.id).sort();
  } finally {
    await engine.close();
  }
}

describe('lantern check', () => {
  it('finds a whole store whole and changes nothing', async () => {
    const { dataDir } = await storeWithAttachment();
    const report = await check(dataDir);
    expect(report.ok).toBe(true);
    expect(report.parts.map((candidate) => [candidate.name, candidate.ok])).toEqual([
      ['tables', true],
      ['sources', true],
      ['keyword index', true],
      ['catalog snapshot', true],
      ['attachments', true],
      ['vectors', true],
    ]);
    expect(part(report, 'tables').checked[0]).toMatch(/messages table: 21 rows/);
    expect(part(report, 'attachments').checked).toEqual(['1 attachment files re-hashed']);
  });

  it('finds a damaged attachment copy, and --repair moves it aside naming the message', async () => {
    const { dataDir, messageId } = await storeWithAttachment();
    const [name] = await readdir(join(dataDir, 'attachments'));
    await writeFile(join(dataDir, 'attachments', name!), 'not the bytes it was named for');
    const found = await check(dataDir);
    expect(found.ok).toBe(false);
    expect(part(found, 'attachments').problems).toEqual([expect.stringContaining(`attachments/${name} is damaged`)]);
    expect(part(found, 'attachments').problems[0]).toContain(messageId);

    const repaired = await check(dataDir, true);
    expect(repaired.ok).toBe(true);
    expect(part(repaired, 'attachments').repaired).toEqual([
      expect.stringMatching(new RegExp(`attachments/${name} was damaged: moved into .*damaged.*${messageId}`)),
    ]);
    expect(await readdir(join(dataDir, 'attachments'))).toEqual([]);
    const kept = await readdir(join(dataDir, 'damaged'));
    expect(await readFile(join(dataDir, 'damaged', kept[0]!, name!), 'utf8')).toBe('not the bytes it was named for');
  });

  it('finds a damaged catalog snapshot, and --repair saves it again so engines open from it', async () => {
    const { dataDir } = await storeWithAttachment();
    const columns = join(catalogSnapshotFolder(dataDir), 'columns.bin');
    const bytes = await readFile(columns);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    await writeFile(columns, bytes);
    const found = await check(dataDir);
    expect(found.ok).toBe(false);
    expect(part(found, 'catalog snapshot').problems).toEqual([expect.stringMatching(/columns\.bin is damaged .*lantern check --repair/)]);

    const repaired = await check(dataDir, true);
    expect(repaired.ok).toBe(true);
    expect(part(repaired, 'catalog snapshot').repaired).toEqual([
      expect.stringContaining('removed and saved again from the messages table'),
    ]);
    expect(part(await check(dataDir), 'catalog snapshot').checked).toEqual([
      'catalog snapshot: 21 messages, its file matches its checksum',
    ]);
    const store = await MessageStore.open(join(dataDir, 'lancedb'));
    try {
      expect((await loadCatalogSnapshot(dataDir, await tableTieOf(store)))?.size).toBe(21);
    } finally {
      store.close();
    }
  });

  it('finds a damaged keyword index file, and --repair rebuilds it', async () => {
    const { dataDir } = await storeWithAttachment();
    const manifest = JSON.parse(await readFile(join(dataDir, 'keyword-index', 'manifest.json'), 'utf8')) as KeywordManifest;
    const { file, words, wordBytes } = manifest.fields.content;
    const postings = join(dataDir, 'keyword-index', file);
    const whole = await readFile(postings);
    // A byte of the ordinals (after the words and the two slot tables): the engine opens, lantern check names the block.
    const bytes = Buffer.from(whole);
    const ordinals = wordBytes + (words * 6 + 1) * 4;
    bytes[ordinals + 5] = bytes[ordinals + 5]! ^ 0xff;
    await writeFile(postings, bytes);
    const inBlock = await check(dataDir);
    expect(part(inBlock, 'keyword index').problems).toEqual([
      `keyword index: ${postings} is damaged: block 1 of 1 (bytes 0-65535 of its postings) does not match its checksum; run \`lantern check --repair\` to rebuild it (an engine also does when a search reads a damaged block)`,
    ]);
    // A byte of the words: the engine would not open the index.
    whole[3] = whole[3]! ^ 0xff;
    await writeFile(postings, whole);
    const found = await check(dataDir);
    expect(part(found, 'keyword index').problems).toEqual([expect.stringContaining('do not match their saved sizes and checksums')]);
    expect(found.ok).toBe(false);

    const repaired = await check(dataDir, true);
    expect(repaired.ok).toBe(true);
    expect(part(repaired, 'keyword index').repaired).toEqual([expect.stringContaining('rebuilt from the messages table')]);
    expect((await check(dataDir)).ok).toBe(true);
    const engine = await openEngine({ dataDir, timeZone: 'UTC', access: 'read' });
    try {
      expect((await engine.search({ query: 'quarterly figures' })).total).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it('finds a cut-short table version; --repair heals it and names the import to run again', async () => {
    const { dataDir, second } = await storeWithAttachment();
    const table = join(dataDir, 'lancedb', 'messages.lance');
    const [newest] = await listManifests(table);
    const manifest = join(table, '_versions', newest!.name);
    await truncate(manifest, Math.floor((await stat(manifest)).size / 2));

    const found = await check(dataDir);
    expect(found.ok).toBe(false);
    expect(part(found, 'tables').problems).toEqual([expect.stringContaining(`version ${newest!.version}`)]);

    const repaired = await check(dataDir, true);
    expect(repaired.ok).toBe(true);
    expect(part(repaired, 'tables').repaired).toEqual([expect.stringContaining('was damaged')]);
    expect((await check(dataDir)).ok).toBe(true);
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      expect((await engine.getStats()).storeHealth?.reimport.map((lost) => lost.path)).toEqual([second]);
      expect((await engine.importPaths([second], 'again')).messages).toBe(21);
    } finally {
      await engine.close();
    }
  });

  it('finds a data file overwritten inside (its decoder panics); --repair goes back to the version before it', async () => {
    const { dataDir, second } = await storeWithAttachment();
    const before = await allMessageIds(dataDir);
    await overwriteNewestDataFile(dataDir);

    const found = await check(dataDir);
    expect(found.ok).toBe(false);
    const repaired = await check(dataDir, true);
    expect(part(repaired, 'tables').repaired).toEqual([expect.stringContaining('was damaged')]);
    expect((await check(dataDir)).ok).toBe(true);
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      expect((await engine.getStats()).messages).toBe(11);
      expect((await engine.getStats()).storeHealth?.reimport.map((lost) => lost.path)).toEqual([second]);
      expect((await engine.importPaths([second], 'again')).messages).toBe(21);
    } finally {
      await engine.close();
    }
    expect(await allMessageIds(dataDir)).toEqual(before);
  });

  it('finds a damaged sources.json, and --repair rewrites it from the table', async () => {
    const { dataDir } = await storeWithAttachment();
    await writeFile(join(dataDir, 'sources.json'), '{"version":1,"sour');
    expect(part(await check(dataDir), 'sources').ok).toBe(false);
    const repaired = await check(dataDir, true);
    expect(repaired.ok).toBe(true);
    const saved = JSON.parse(await readFile(join(dataDir, 'sources.json'), 'utf8')) as { sources: { path: string; messages: number }[] };
    expect(saved.sources.map((source) => source.messages).sort()).toEqual([10, 11]);
  });
});
