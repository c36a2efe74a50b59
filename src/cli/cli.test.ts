// The built `lantern` command: its JSON contract, its errors, and browser mode's guards, as a user's shell sees them.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, sharedDir, toMbox } from '../../test/corpus';
import { mimeMessage } from '../../test/mimeMessage';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[], cwd?: string): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' }, cwd });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html')))
    execFileSync('npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
});

describe('lantern CLI', () => {
  let dataDir: string;
  let mbox: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    mbox = join(await makeTempDir(), 'slice.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 50)));
  });

  it('imports with the JSON report, and a second import adds nothing', () => {
    const first = lantern(['import', mbox, '--json', '--data-dir', dataDir]);
    expect(first.status).toBe(0);
    const report = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual([
      'alreadyImported',
      'duplicates',
      'elapsedMs',
      'errors',
      'failed',
      'hiddenFiles',
      'imported',
      'messages',
      'skipped',
      'skippedFiles',
    ]);
    expect(report).toMatchObject({ imported: 50, duplicates: 0, failed: 0, messages: 50, errors: [] });
    const second = JSON.parse(lantern(['import', mbox, '--json', '--data-dir', dataDir]).stdout) as Record<string, unknown>;
    expect(second).toMatchObject({ imported: 0, alreadyImported: 50, duplicates: 0, messages: 50 });
  });

  it('searches, shows, lists folders and stats as JSON', () => {
    const search = JSON.parse(
      lantern(['search', 'has:attachment', '--limit', '3', '--sort', 'date', '--json', '--data-dir', dataDir]).stdout,
    ) as {
      total: number;
      hits: { id: string; date: string; from: { address: string }; attachments: unknown[] }[];
      parsed: { filters: unknown[]; warnings: string[] };
    };
    expect(search.parsed.filters).toEqual([{ operator: 'has', value: 'attachment', negated: false }]);
    expect(search.hits.length).toBe(Math.min(3, search.total));
    expect(search.hits[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const shown = JSON.parse(lantern(['show', search.hits[0]!.id, '--json', '--data-dir', dataDir]).stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ id: search.hits[0]!.id });
    expect(shown).toHaveProperty('text');
    expect(shown).toHaveProperty('headers');
    const folders = JSON.parse(lantern(['folders', '--json', '--data-dir', dataDir]).stdout) as unknown[];
    expect(folders).toEqual([expect.objectContaining({ name: 'slice', kind: 'folder', count: 50 })]);
    const stats = JSON.parse(lantern(['stats', '--json', '--data-dir', dataDir]).stdout) as Record<string, unknown>;
    expect(stats).toMatchObject({ messages: 50 });
  });

  it('stops printing quietly when its reader goes (| head), and still exits as it would', async () => {
    const args = [bin, 'search', 'the', '--limit', '50', '--json', '--data-dir', dataDir];
    // More than a pipe holds (64 KiB on Linux), so the reader's going fails a write; all of it, though the command ends
    // its process as soon as it has printed.
    const whole = lantern(args.slice(1)).stdout;
    expect(whole.length).toBeGreaterThan(1 << 16);
    expect((JSON.parse(whole) as { hits: unknown[] }).hits).toHaveLength(50);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('backs up, restores into another folder and exports a search as mbox', async () => {
    const backupDir = join(await makeTempDir(), 'backup');
    const backup = lantern(['backup', backupDir, '--json', '--data-dir', dataDir]);
    expect(backup.status).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ format: 'lantern-backup', messages: 50 });
    const restoredDir = join(await makeTempDir(), 'restored');
    const restore = lantern(['restore', backupDir, '--json', '--data-dir', restoredDir]);
    expect(restore.status).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ messages: 50, previous: null });
    const out = join(await makeTempDir(), 'attachments.mbox');
    const exported = lantern(['export', 'has:attachment', '--out', out, '--json', '--data-dir', restoredDir]);
    expect(exported.status).toBe(0);
    const total = (JSON.parse(lantern(['search', 'has:attachment', '--json', '--data-dir', dataDir]).stdout) as { total: number }).total;
    expect(JSON.parse(exported.stdout)).toMatchObject({ exported: total, original: total });
    const badFormat = lantern(['export', 'x', '--out', out, '--format', 'pdf', '--data-dir', restoredDir]);
    expect(badFormat).toMatchObject({ status: 2, stderr: expect.stringContaining('--format must be mbox or eml') });
  });

  it('answers a question as JSON with citations', () => {
    const result = lantern(['ask', 'What is the password for the nudge ticketing dashboard?', '--json', '--data-dir', dataDir]);
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['answer', 'citations', 'provider', 'refused', 'tookMs']);
    expect(answer).toMatchObject({ provider: 'extractive', refused: true, citations: [] });
  });

  it.each([
    [['ask', 'who?', '--provider', 'openai'], /--provider openai needs --model/],
    [['import', '/no/such/file.mbox'], /cannot read \/no\/such\/file.mbox/],
    [['search', 'x', '--limit', 'many'], /--limit must be a whole number/],
    [['search', 'x', '--sort', 'size'], /--sort must be relevance or date/],
    [['search', 'x', '--limit', '0'], /--limit must be from 1 to 1000/],
    [['search', 'x', '--limit', '1001'], /--limit must be from 1 to 1000/],
    [['show', 'no-such-id'], /no message with id no-such-id/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['search', 'x', '--colour'], /Unknown option '--colour'/],
  ])('%j fails with one line and exit code 2, leaving the store as it was', async (args, message) => {
    const before = await readdir(join(dataDir, 'lancedb', 'messages.lance', '_versions'));
    const result = lantern([...args, '--data-dir', dataDir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(await readdir(join(dataDir, 'lancedb', 'messages.lance', '_versions'))).toEqual(before);
  });
});

describe('lantern attachment', () => {
  const pdf = readFileSync(join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef/MAPI_ATTACH_DATA_OBJ/VIA_Nytt_1402.pdf'));
  let dataDir: string;
  let id: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const mbox = join(await makeTempDir(), 'files.mbox');
    await writeFile(
      mbox,
      toMbox([
        mimeMessage('files', 'Files', 'Two files.', [
          { filename: 'VIA_Nytt_1402.pdf', contentType: 'application/pdf', bytes: pdf },
          { filename: '../.hidden/run.sh', contentType: 'text/x-sh', bytes: Buffer.from('echo hi\n') },
        ]),
      ]),
    );
    // The built CLI parses on worker threads: the attachment bytes travel back from them to be kept.
    expect(lantern(['import', mbox, '--data-dir', dataDir]).status).toBe(0);
    id = (JSON.parse(lantern(['search', 'subject:Files', '--json', '--data-dir', dataDir]).stdout) as { hits: { id: string }[] }).hits[0]!
      .id;
  });

  it('writes an attachment by index into the current folder and prints where as JSON', async () => {
    const cwd = await makeTempDir();
    const result = lantern(['attachment', id, '0', '--json', '--data-dir', dataDir], cwd);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      path: join(cwd, 'VIA_Nytt_1402.pdf'),
      filename: 'VIA_Nytt_1402.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect((await readFile(join(cwd, 'VIA_Nytt_1402.pdf'))).equals(pdf)).toBe(true);
  });

  it('finds one by name, writes it under its sanitised name into an --out folder, and never overwrites without --force', async () => {
    const out = join(await makeTempDir(), 'saved');
    await mkdir(out);
    const first = lantern(['attachment', id, 'run.sh', '--out', out, '--data-dir', dataDir]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Saved run\.sh \(8 bytes\) to .*saved\/run\.sh\. It is a program or script/);
    expect(await readFile(join(out, 'run.sh'), 'utf8')).toBe('echo hi\n');
    const again = lantern(['attachment', id, 'run.sh', '--out', out, '--data-dir', dataDir]);
    expect(again).toMatchObject({ status: 2, stderr: expect.stringMatching(/run\.sh already exists; pass --force to overwrite it/) });
    await writeFile(join(out, 'run.sh'), 'changed');
    expect(lantern(['attachment', id, '1', '--out', join(out, 'run.sh'), '--force', '--data-dir', dataDir]).status).toBe(0);
    expect(await readFile(join(out, 'run.sh'), 'utf8')).toBe('echo hi\n');
  });

  it.each([
    [['attachment', 'no-such-id', '0'], /no message with id no-such-id/],
    [['attachment'], /give a message id and an attachment index or name/],
  ])('%j fails with one line and exit code 2', (args, message) => {
    const result = lantern([...args, '--data-dir', dataDir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('lists the attachments when the one asked for is not there', () => {
    const result = lantern(['attachment', id, '7', '--data-dir', dataDir]);
    expect(result).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/has no attachment "7"; it has: 0 VIA_Nytt_1402\.pdf, 1 \.\.\/\.hidden\/run\.sh/),
    });
  });
});

describe('lantern prints mail for people without letting it drive the terminal', () => {
  const subject = 'Invoice \x1b[31mOVERDUE\x1b[0m \x07\x00 \u009b2J \u202efdp.exe';
  const filename = '\x1b]8;;http://evil\x07report.pdf\x1b]8;;\x07';
  // ESC, BEL, NUL and the other C0 controls but line feed and tab, DEL, C1, and the bidi embeddings, overrides, isolates.
  // eslint-disable-next-line no-control-regex -- these are the characters that must not reach a terminal.
  const active = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const encodedWord = (text: string): string => `=?utf-8?B?${Buffer.from(text).toString('base64')}?=`;
  let dataDir: string;
  let id: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const mbox = join(await makeTempDir(), 'escapes.mbox');
    const message = mimeMessage('escapes', encodedWord(subject), 'Body \x1b[2J here', [
      { filename: encodedWord(filename), contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n') },
    ]);
    await writeFile(mbox, toMbox([message]));
    expect(lantern(['import', mbox, '--data-dir', dataDir]).status).toBe(0);
    const found = JSON.parse(lantern(['search', 'subject:invoice', '--json', '--data-dir', dataDir]).stdout) as {
      hits: { id: string; subject: string }[];
    };
    id = found.hits[0]!.id;
    // --json stays exact: the subject comes back as it was written.
    expect(found.hits[0]!.subject).toBe(subject);
  });

  it('search and show print subjects, attachment names and bodies with their control characters as symbols', () => {
    const search = lantern(['search', 'subject:invoice', '--data-dir', dataDir]);
    expect(search.status).toBe(0);
    expect(search.stdout).toContain('Invoice ␛[31mOVERDUE␛[0m ␇␀');
    expect(search.stdout).not.toMatch(active);
    const show = lantern(['show', id, '--data-dir', dataDir]);
    expect(show.status).toBe(0);
    expect(show.stdout).toContain('Attachment: ␛]8;;http://evil␇report.pdf');
    expect(show.stdout).toContain('Body ␛[2J here');
    expect(show.stdout).not.toMatch(active);
  });

  it('errors that echo an id or an attachment name are printed the same way', () => {
    const unknown = lantern(['show', 'x\x1b]0;pwned\x07', '--data-dir', dataDir]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no message with id x␛]0;pwned␇');
    const missing = lantern(['attachment', id, 'nope', '--data-dir', dataDir]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('0 ␛]8;;http://evil␇report.pdf');
    expect(unknown.stderr + missing.stderr).not.toMatch(active);
  });

  it('--json escapes C1 and bidi characters too, and still parses to the exact text', () => {
    const shown = lantern(['show', id, '--json', '--data-dir', dataDir]);
    expect(shown.stdout).not.toMatch(active);
    expect((JSON.parse(shown.stdout) as { subject: string; attachments: { filename: string }[] }).attachments[0]!.filename).toBe(filename);
  });
});

describe('lantern serve', () => {
  let server: ChildProcess;
  let base: string;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Lantern browser mode: (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    const url = new URL(line);
    base = `http://127.0.0.1:${url.port}`;
    token = url.searchParams.get('token')!;
  });

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);

  it('serves the page with the token and sets the session cookie', async () => {
    const response = await call(`/?token=${token}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('set-cookie')).toMatch(/lantern_token=.*HttpOnly; SameSite=Strict/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'.*object-src 'none'/);
  });

  it('refuses requests without the token', async () => {
    expect((await call('/')).status).toBe(401);
    expect((await call('/api/call/getStats', { method: 'POST', body: '{"args":[]}' })).status).toBe(401);
    expect(
      (await call('/api/call/getStats', { method: 'POST', body: '{"args":[]}', headers: { cookie: 'lantern_token=wrong' } })).status,
    ).toBe(401);
  });

  it('answers API calls with the token, and reports bad calls as errors', async () => {
    const headers = { cookie: `lantern_token=${token}`, 'content-type': 'application/json' };
    const stats = (await (await call('/api/call/getStats', { method: 'POST', headers, body: '{"args":[]}' })).json()) as {
      result: { messages: number };
    };
    expect(stats.result.messages).toBe(0);
    const unknown = await call('/api/call/dropEverything', { method: 'POST', headers, body: '{"args":[]}' });
    expect(unknown.status).toBe(404);
    const wrongShape = await call('/api/call/search', { method: 'POST', headers, body: '{"args":[{"query":5}]}' });
    expect(wrongShape.status).toBe(400);
    expect(((await wrongShape.json()) as { error: { message: string } }).error.message).toMatch(/search/);
    const bad = await call('/api/call/search', { method: 'POST', headers, body: 'not json' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('bad-request');
  });

  it('owns the data folder: a second writer is refused by name, read commands still answer, and see its imports', async () => {
    const mbox = join(await makeTempDir(), 'beside.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 20)));
    const refused = lantern(['import', mbox, '--data-dir', dataDir]);
    expect(refused.status).toBe(2);
    // The lock names the process that holds the store: the server, or the copy of it that `lantern` started with the
    // engine's heap limit and environment (see bin/lantern.mjs).
    const holder = Number(/being written by another Lantern \(process (\d+) /.exec(refused.stderr)?.[1]);
    const holderParent = Number((await readFile(`/proc/${holder}/stat`, 'utf8')).split(') ')[1]!.split(' ')[1]);
    expect([holder, holderParent]).toContain(server.pid);
    const before = JSON.parse(lantern(['stats', '--json', '--data-dir', dataDir]).stdout) as { messages: number };
    expect(before.messages).toBe(0);
    const headers = { cookie: `lantern_token=${token}`, 'content-type': 'application/json' };
    const imported = (await (
      await call('/api/call/importPaths', { method: 'POST', headers, body: JSON.stringify({ args: [[mbox], 'beside'] }) })
    ).json()) as {
      result: { imported: number };
    };
    expect(imported.result.imported).toBe(20);
    const after = JSON.parse(lantern(['search', 'from:@', '--json', '--data-dir', dataDir]).stdout) as { total: number };
    expect(after.total).toBe(20);
  });

  it('rejects other Host headers (DNS rebinding) and other Origins', async () => {
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${base}/api/call/getStats`,
          { method: 'POST', headers: { cookie: `lantern_token=${token}`, ...headers } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{"args":[]}');
      });
    expect(await status({ host: 'evil.example:80' })).toBe(403);
    expect(await status({ origin: 'http://evil.example' })).toBe(403);
    expect(await status({})).toBe(200);
  });

  it('accepts uploads into the data folder and never serves files outside the renderer', async () => {
    const headers = { cookie: `lantern_token=${token}` };
    const upload = (await (await call('/api/upload?name=../../evil.mbox', { method: 'POST', headers, body: 'From a\n' })).json()) as {
      path: string;
    };
    expect(upload.path).toMatch(/uploads\/[0-9a-f]+\/evil\.mbox$/);
    expect((await call('/..%2f..%2fpackage.json', { headers })).status).toBe(404);
    expect((await call('/../package.json', { headers })).status).toBe(404);
  });
});
