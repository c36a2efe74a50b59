// Lantern's operators against notmuch (Debian package) on every third message of the io-uring archive (all its years):
// the same message sets.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMaildir } from '../../../bench/corpus';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const hasNotmuch = spawnSync('sh', ['-c', 'command -v notmuch']).status === 0;
if (!hasNotmuch) throw new Error('notmuch is needed for this test: apt-get install notmuch (.ci/run installs it)');

let engine: Engine;
let notmuchEnv: NodeJS.ProcessEnv;

async function lanternIds(query: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const result = await engine.search({ query, limit: 1000, offset, mode: 'keyword' });
    expect(result.parsed.warnings).toEqual([]);
    // Copies of one mail (a patch resent the same day) are one hit; notmuch lists each.
    for (const hit of result.hits) for (const messageId of [hit.messageId, ...(hit.copyMessageIds ?? [])]) ids.add(messageId);
    if (offset + 1000 >= result.total) return ids;
  }
}

function notmuchIds(query: string): Set<string> {
  const output = execFileSync('notmuch', ['search', '--output=messages', query], { env: notmuchEnv, encoding: 'utf8', maxBuffer: 1 << 28 });
  return new Set(
    output
      .split('\n')
      .filter((line) => line.startsWith('id:'))
      .map((line) => line.slice(3)),
  );
}

function difference(first: Set<string>, second: Set<string>): string[] {
  return [...first].filter((id) => !second.has(id));
}

describe('operators agree with notmuch on a third of the io-uring archive', () => {
  beforeAll(async () => {
    const work = await makeTempDir();
    const maildir = join(work, 'maildir');
    // A third of the archive keeps every sender and every month the queries ask for, at a third of the indexing
    // (notmuch's and Lantern's), which was most of this file's time in the suite.
    const mbox = join(work, 'io-uring-third.mbox');
    const messages = await readCorpusMessages('io-uring-list.mbox.gz');
    await writeFile(mbox, toMbox(messages.filter((_, index) => index % 3 === 0)));
    await writeMaildir(mbox, maildir, false);
    const config = join(work, 'notmuch-config');
    await mkdir(join(work, 'home'), { recursive: true });
    await writeFile(
      config,
      `[database]\npath=${maildir}\n[user]\nname=Test\nprimary_email=test@example.com\n[new]\ntags=\n[search]\nexclude_tags=\n`,
    );
    notmuchEnv = { ...process.env, NOTMUCH_CONFIG: config, TZ: 'UTC', HOME: join(work, 'home') };
    execFileSync('notmuch', ['new', '--quiet'], { env: notmuchEnv });
    engine = await openEngine({ dataDir: join(work, 'store'), timeZone: 'UTC' });
    await engine.importPaths([mbox], 'parity');
  }, 900_000);

  afterAll(async () => {
    await engine?.close();
  });

  const same: [string, string][] = [
    ['from:axboe', 'from:axboe'],
    ['from:asml.silence@gmail.com', 'from:asml.silence@gmail.com'],
    ['after:2023-01-01 before:2023-02-01', 'date:2023-01-01..2023-01-31'],
    ['after:2021-06-01 before:2021-06-08', 'date:2021-06-01..2021-06-07'],
    ['from:axboe after:2024-01-01 before:2024-03-01', 'from:axboe and date:2024-01-01..2024-02-29'],
    ['from:axboe OR from:asml.silence', 'from:axboe or from:asml.silence'],
    ['after:2022-01-01 before:2022-02-01 -from:axboe', 'date:2022-01-01..2022-01-31 and not from:axboe'],
    [
      '(from:axboe OR from:asml.silence) after:2025-01-01 before:2025-02-01',
      '(from:axboe or from:asml.silence) and date:2025-01-01..2025-01-31',
    ],
  ];
  for (const [ours, theirs] of same) {
    it(`${ours} = notmuch ${theirs}`, async () => {
      const lantern = await lanternIds(ours);
      const notmuch = notmuchIds(theirs);
      expect(notmuch.size).toBeGreaterThan(0);
      expect({ onlyLantern: difference(lantern, notmuch), onlyNotmuch: difference(notmuch, lantern) }).toEqual({
        onlyLantern: [],
        onlyNotmuch: [],
      });
    });
  }

  // subject: in Lantern matches a substring of the subject; notmuch matches whole terms. Every message notmuch finds
  // Lantern finds too; Lantern's extra ones contain the text inside a longer term ("IORING_SETUP_SQPOLL", "sqpoll's").
  it('subject:sqpoll finds all of notmuch subject:sqpoll, extras only inside longer words', async () => {
    const lantern = await lanternIds('subject:sqpoll');
    const notmuch = notmuchIds('subject:sqpoll');
    expect(difference(notmuch, lantern)).toEqual([]);
    for (const messageId of difference(lantern, notmuch)) {
      const { hits } = await engine.search({ query: `id:${messageId}`, limit: 1 });
      expect(hits[0]!.subject.toLowerCase()).toMatch(/[a-z0-9_]sqpoll|sqpoll['a-z0-9_]/);
    }
  });
});
