// The MCP server as an assistant uses it: the SDK's own client over stdio, against a store of real list mail.
import { execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../../engine/api/engine';
import { RawClient } from './rawJsonRpcClient';

const MESSAGES = 300;

interface Hit {
  id: string;
  subject: string;
  from: { address: string };
  date: string;
  folder: string;
}
interface SearchOutput {
  total: number;
  nextOffset: number | null;
  hits: Hit[];
  parsed: { filters: unknown[]; warnings: string[] };
  tookMs: number;
}

/** Independent expectations: Message-ID → sender and date, parsed here with mailparser, duplicates counted once. */
async function describeCorpus(messages: Buffer[]): Promise<Map<string, { from: string; date: number; attachments: number }>> {
  const byId = new Map<string, { from: string; date: number; attachments: number }>();
  for (const raw of messages) {
    const parsed = await simpleParser(raw.subarray(raw.indexOf(0x0a) + 1));
    const from = (parsed.from?.value[0]?.address ?? '').toLowerCase();
    const attachments = parsed.attachments.filter((attachment) => attachment.contentDisposition !== 'inline' || attachment.filename).length;
    byId.set(parsed.messageId ?? `${from}-${parsed.date?.getTime()}`, { from, date: parsed.date?.getTime() ?? 0, attachments });
  }
  return byId;
}

interface ToolReply {
  isError?: boolean;
  content: { text: string }[];
}

function output<T>(response: unknown): T {
  const result = response as { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: unknown };
  expect(result.isError ?? false, result.content[0]?.text).toBe(false);
  const parsed = JSON.parse(result.content[0]!.text) as T;
  // The SDK's client has already checked structuredContent against the tool's output schema.
  expect(result.structuredContent).toEqual(parsed);
  return parsed;
}

describe('lantern mcp', () => {
  let client: Client;
  let dataDir: string;
  let expected: Map<string, { from: string; date: number; attachments: number }>;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
    dataDir = await makeTempDir();
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', MESSAGES);
    expected = await describeCorpus(messages);
    const mbox = join(await makeTempDir(), 'usrp.mbox');
    await writeFile(mbox, toMbox(messages));
    const engine = await openEngine({ dataDir });
    await engine.importPaths([mbox], 'mcp-test');
    await engine.close();
    client = new Client({ name: 'lantern-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(repoRoot, 'bin', 'lantern.mjs'), 'mcp', '--data-dir', dataDir],
        env: { TZ: 'UTC' },
        stderr: 'ignore',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('lists its tools, whose descriptions teach the query syntax', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'get_email', 'list_folders', 'list_people', 'search_emails', 'timeline']);
    const search = tools.find((tool) => tool.name === 'search_emails')!;
    expect(search.description).toContain('from:');
    expect(search.description).toContain('has:');
    expect(search.description).toContain('@folder');
    expect(search.description).toContain('in:anywhere');
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'mode', 'limit', 'offset', 'context']),
    );
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(80);
    expect(Object.keys(search.outputSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(['hits', 'total', 'nextOffset', 'parsed', 'tookMs']),
    );
    expect(tools.every((tool) => tool.outputSchema !== undefined)).toBe(true);
  });

  it('honours operators, paging and scopes, with totals that match the mail', async () => {
    const sender = [...expected.values()]
      .map((item) => item.from)
      .sort(
        (a, b) =>
          [...expected.values()].filter((item) => item.from === b).length - [...expected.values()].filter((item) => item.from === a).length,
      )[0]!;
    const fromSender = [...expected.values()].filter((item) => item.from === sender).length;
    const first = output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: `from:${sender}`, limit: 5 } }));
    expect(first.total).toBe(fromSender);
    expect(first.hits.length).toBe(Math.min(5, fromSender));
    expect(first.hits.every((hit) => hit.from.address === sender)).toBe(true);
    expect(first.parsed.filters).toEqual([expect.objectContaining({ operator: 'from' })]);

    const withAttachments = [...expected.values()].filter((item) => item.attachments > 0).length;
    expect(
      output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: 'has:attachment', limit: 1 } })).total,
    ).toBe(withAttachments);

    const cut = [...expected.values()].map((item) => item.date).sort((a, b) => a - b)[Math.floor(expected.size / 2)]!;
    const day = new Date(cut).toISOString().slice(0, 10);
    const after = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: `after:${day}`, limit: 50, sort: 'date' } }),
    );
    expect(after.hits.every((hit) => hit.date.slice(0, 10) >= day)).toBe(true);
    expect(after.total).toBe([...expected.values()].filter((item) => item.date >= Date.parse(`${day}T00:00:00Z`)).length);
    expect(after.nextOffset).toBe(after.total > 50 ? 50 : null);

    const folder = first.hits[0]!.folder;
    const scoped = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: `from:${sender}`, context: [`@folder:${folder}`] } }),
    );
    expect(scoped.total).toBe(fromSender);
    const elsewhere = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: `from:${sender}`, context: ['@folder:no-such-folder'] } }),
    );
    expect(elsewhere.total).toBe(0);

    // The scope narrows every alternative of an OR, not just the last one.
    const other = [...expected.values()].map((item) => item.from).find((address) => address !== sender)!;
    const either = [...expected.values()].filter((item) => item.from === sender || item.from === other).length;
    const eitherQuery = `from:${sender} OR from:${other}`;
    expect(
      output<SearchOutput>(
        await client.callTool({ name: 'search_emails', arguments: { query: eitherQuery, context: [`@folder:${folder}`] } }),
      ).total,
    ).toBe(either);
    expect(
      output<SearchOutput>(
        await client.callTool({ name: 'search_emails', arguments: { query: eitherQuery, context: ['@folder:no-such-folder'] } }),
      ).total,
    ).toBe(0);
    expect(
      output<SearchOutput>(
        await client.callTool({ name: 'search_emails', arguments: { query: eitherQuery, context: ['-@folder:no-such-folder'] } }),
      ).total,
    ).toBe(either);

    const pageTwo = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: 'has:attachment', limit: 2, offset: 2, sort: 'date' } }),
    );
    const pageOne = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: 'has:attachment', limit: 2, offset: 0, sort: 'date' } }),
    );
    expect(pageTwo.hits.map((hit) => hit.id)).not.toEqual(expect.arrayContaining(pageOne.hits.map((hit) => hit.id)));
  });

  it('reads a mail, lists folders and answers with citations that open', async () => {
    const found = output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: 'has:attachment', limit: 1 } }));
    const mail = output<{ id: string; subject: string; text: string; attachments: unknown[]; attachmentTexts: unknown[] }>(
      await client.callTool({ name: 'get_email', arguments: { id: found.hits[0]!.id, includeAttachmentText: true } }),
    );
    expect(mail).toMatchObject({ id: found.hits[0]!.id, subject: found.hits[0]!.subject });
    expect(mail.attachments.length).toBeGreaterThan(0);
    expect(Array.isArray(mail.attachmentTexts)).toBe(true);

    // A long mail is read in pages: each call says where the next one starts, and the pages add up to the whole text.
    const thread = output<SearchOutput>(
      await client.callTool({ name: 'search_emails', arguments: { query: 'subject:"legacy prebuilt UHD"', limit: 50 } }),
    );
    const lengths = await Promise.all(
      thread.hits.map(async (hit) => ({
        id: hit.id,
        length: output<{ textLength: number }>(await client.callTool({ name: 'get_email', arguments: { id: hit.id } })).textLength,
      })),
    );
    const longest = lengths.sort((a, b) => b.length - a.length)[0]!;
    expect(longest.length).toBeGreaterThan(40_000);
    const pages: { text: string; nextTextOffset: number | null; textTruncated: boolean }[] = [];
    for (let textOffset: number | null = 0; textOffset !== null; textOffset = pages.at(-1)!.nextTextOffset) {
      pages.push(output(await client.callTool({ name: 'get_email', arguments: { id: longest.id, textOffset } })));
    }
    expect(pages.length).toBe(Math.ceil(longest.length / 20_000));
    expect(pages.slice(0, -1).every((page) => page.textTruncated && page.text.includes(`textOffset: ${page.nextTextOffset}`))).toBe(true);
    const pastEnd = (await client.callTool({
      name: 'get_email',
      arguments: { id: longest.id, textOffset: longest.length + 5 },
    })) as ToolReply;
    expect(pastEnd.isError).toBe(true);
    expect(pastEnd.content[0]!.text).toContain('past the end');

    const listing = output<{ messages: number; collections: { folders: { count: number }[] }[] }>(
      await client.callTool({ name: 'list_folders', arguments: {} }),
    );
    expect(listing.messages).toBe(expected.size);
    expect(listing.collections).toHaveLength(1);
    expect(listing.collections[0]!.folders.reduce((sum, folder) => sum + folder.count, 0)).toBe(expected.size);

    const answer = output<{ answer: string; refused: boolean; citations: { id: string }[] }>(
      await client.callTool({ name: 'ask', arguments: { question: 'How do I set the sample rate on the B210?' } }),
    );
    expect(typeof answer.answer).toBe('string');
    for (const citation of answer.citations) {
      expect(output<{ id: string }>(await client.callTool({ name: 'get_email', arguments: { id: citation.id } })).id).toBe(citation.id);
    }
    expect(answer.refused || answer.citations.length > 0).toBe(true);
  });

  it('reports bad calls as tool errors and keeps answering', async () => {
    const unknown = (await client.callTool({ name: 'get_email', arguments: { id: 'no-such-id' } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('no message with id "no-such-id"');

    const badMode = (await client
      .callTool({ name: 'search_emails', arguments: { query: 'x', mode: 'nonsense' } })
      .catch((error: Error) => ({ isError: true, content: [{ text: error.message }] }))) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(badMode.isError).toBe(true);
    expect(badMode.content[0]!.text).toMatch(/mode/);

    const badScope = (await client.callTool({ name: 'search_emails', arguments: { query: 'x', context: ['inbox'] } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(badScope.isError).toBe(true);
    expect(badScope.content[0]!.text).toContain('not an @-scope');
    const unknownScope = (await client.callTool({
      name: 'search_emails',
      arguments: { query: 'x', context: ['@mailbox:inbox'] },
    })) as ToolReply;
    expect(unknownScope.isError).toBe(true);
    expect(unknownScope.content[0]!.text).toContain('@folder:inbox');

    const empty = (await client.callTool({ name: 'search_emails', arguments: { query: '  ' } })) as { isError?: boolean };
    expect(empty.isError).toBe(true);
    const warned = output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: 'after:not-a-date usrp' } }));
    expect(warned.parsed.warnings.join(' ')).toMatch(/date/i);
  });

  it('takes one @-scope as a string as well as a list', async () => {
    const listing = output<{ collections: { id: string }[] }>(await client.callTool({ name: 'list_folders', arguments: {} }));
    const scope = `@collection:${listing.collections[0]!.id}`;
    const asList = output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: 'usrp', context: [scope] } }));
    const asString = output<SearchOutput>(await client.callTool({ name: 'search_emails', arguments: { query: 'usrp', context: scope } }));
    expect(asList.total).toBeGreaterThan(0);
    expect(asString.total).toBe(asList.total);
    expect(
      output<SearchOutput>(
        await client.callTool({ name: 'search_emails', arguments: { query: 'usrp', context: '@collection:no-such-collection' } }),
      ).total,
    ).toBe(0);
    const answer = output<{ refused: boolean }>(
      await client.callTool({ name: 'ask', arguments: { question: 'How do I set the sample rate?', context: scope } }),
    );
    expect(typeof answer.refused).toBe('boolean');
  });

  describe('a client that sends malformed lines', () => {
    let raw: RawClient;

    beforeAll(async () => {
      raw = new RawClient(
        spawn(process.execPath, [join(repoRoot, 'bin', 'lantern.mjs'), 'mcp', '--data-dir', dataDir], {
          env: { ...process.env, TZ: 'UTC' },
        }),
      );
      expect(
        await raw.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }),
      ).toMatchObject({ id: 1, result: { serverInfo: { name: 'lantern' } } });
      raw.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    });

    afterAll(() => {
      raw?.child.kill('SIGTERM');
    });

    async function stillServes(id: number): Promise<void> {
      expect(await raw.request(id, 'tools/list')).toMatchObject({
        jsonrpc: '2.0',
        id,
        result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'search_emails' })]) },
      });
    }

    it.each([
      ['text that is not JSON', 'not json{', -32700, null],
      ['an empty batch', '[]', -32600, null],
      ['a batch', '[{"jsonrpc":"2.0","id":3,"method":"tools/list"}]', -32600, null],
      ['a JSON string', '"tools/list"', -32600, null],
      ['a request without a method', '{"jsonrpc":"2.0","id":7}', -32600, 7],
      ['a method that is not a string', '{"jsonrpc":"2.0","id":"eight","method":42}', -32600, 'eight'],
      ['a null id', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', -32600, null],
      ['an object id', '{"jsonrpc":"2.0","id":{"n":1},"method":"tools/list"}', -32600, null],
      ['no jsonrpc version', '{"id":9,"method":"tools/list"}', -32600, 9],
    ])('answers %s with a JSON-RPC error and serves the next request', async (_case, line, code, id) => {
      raw.send(line);
      expect(await raw.next()).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code, message: expect.stringMatching(code === -32700 ? /^Parse error/ : /^Invalid Request/) },
      });
      await stillServes(100);
    });

    it('answers a 12 MB request line with an error, says so on stderr, and serves the next request', async () => {
      const huge = JSON.stringify({
        jsonrpc: '2.0',
        id: 11,
        method: 'tools/call',
        params: { name: 'search_emails', arguments: { query: 'x'.repeat(12 * 1024 * 1024) } },
      });
      raw.send(huge);
      expect(await raw.next()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('request too large') },
      });
      expect(raw.stderr).toContain('request too large');
      await stillServes(101);
      expect(raw.child.exitCode).toBeNull();
    });
  });

  it('answers the handshake and reports a data folder it cannot open as tool errors', async () => {
    const notAFolder = join(await makeTempDir(), 'plain-file');
    await writeFile(notAFolder, 'not a Lantern data folder');
    const broken = new Client({ name: 'lantern-test', version: '1.0.0' });
    await broken.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(repoRoot, 'bin', 'lantern.mjs'), 'mcp', '--data-dir', notAFolder],
        stderr: 'ignore',
      }),
    );
    try {
      expect((await broken.listTools()).tools).toHaveLength(6);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const reply = (await broken.callTool({ name: 'list_folders', arguments: {} })) as ToolReply;
        expect(reply.isError).toBe(true);
        expect(reply.content[0]!.text).toContain(`cannot open the data folder ${notAFolder}`);
      }
    } finally {
      await broken.close();
    }
  });
});
