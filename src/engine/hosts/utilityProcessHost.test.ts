// The utility-process host's routing, on a real engine in a temp folder: every request reaches its own method.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import type { LanternEvent } from '../../shared/contract/api';
import { API_METHODS } from '../../shared/contract/apiMethods';
import type { EngineRequest } from '../../shared/contract/engine';
import type { ImportReport } from '../../shared/model/importing';
import type { SearchResult } from '../../shared/model/search';
import type { Stats } from '../../shared/model/stats';
import type { ModelListing } from '../../shared/model/models';
import type { PeopleList } from '../../shared/model/people';
import type { Timeline } from '../../shared/model/timeline';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { answerRequest, dataDirFromArgv, isEngineRequest } from './utilityProcessHost';

describe('utility process host', () => {
  let dataDir: string;
  let engine: Engine;
  let mboxPath: string;
  const events: LanternEvent[] = [];

  beforeAll(async () => {
    dataDir = await makeTempDir();
    mboxPath = join(dataDir, 'five.mbox');
    await writeFile(mboxPath, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 5)));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    engine.subscribe((event) => events.push(event));
  });

  afterAll(async () => {
    await engine?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('routes every API method to the engine method of the same name', async () => {
    const seen = new Set<string>();
    const route = async (request: EngineRequest) => {
      seen.add(request.method);
      return answerRequest(engine, request);
    };

    const report = (await route({ seq: 1, method: 'importPaths', args: [[mboxPath], 'import-1'] })) as ImportReport;
    expect(report.imported).toBe(5);
    expect(events.some((event) => event.type === 'import-finished' && event.importId === 'import-1')).toBe(true);

    const result = (await route({ seq: 2, method: 'search', args: [{ query: '', limit: 10 }] })) as SearchResult;
    expect(result.total).toBe(5);
    const firstHit = result.hits[0];
    expect(firstHit).toBeDefined();
    const timeline = (await route({ seq: 24, method: 'timeline', args: [{ query: '' }] })) as Timeline;
    expect(timeline.total).toBe(5);

    const message = await route({ seq: 3, method: 'getMessage', args: [firstHit!.id] });
    expect(message).toMatchObject({ id: firstHit!.id });
    expect(await route({ seq: 4, method: 'getMessage', args: ['no-such-message'] })).toBeNull();
    await expect(route({ seq: 15, method: 'attachmentFile', args: [{ messageId: firstHit!.id, index: 99 }] })).rejects.toThrow(
      /there is none at index 99/,
    );

    expect(Array.isArray(await route({ seq: 5, method: 'listFolders', args: [] }))).toBe(true);
    expect((await route({ seq: 6, method: 'getStats', args: [] })) as Stats).toMatchObject({ messages: 5 });
    expect(await route({ seq: 7, method: 'cancelImport', args: ['import-1'] })).toBeUndefined();
    expect(await route({ seq: 8, method: 'embed', args: [] })).toMatchObject({ embedded: 5, total: 5 });
    expect(await route({ seq: 25, method: 'ocr', args: [] })).toMatchObject({ done: expect.any(Number), skipped: expect.any(Array) });
    expect(await route({ seq: 16, method: 'setEmbeddingPaused', args: [true] })).toBe(true);
    expect(await route({ seq: 17, method: 'setEmbeddingPaused', args: [false] })).toBe(false);
    expect(await route({ seq: 9, method: 'complete', args: ['fro', 3] })).toEqual(
      expect.arrayContaining([expect.objectContaining({ insert: 'from:' })]),
    );
    expect(await route({ seq: 10, method: 'ask', args: [{ question: 'who wrote?', requestId: 'ask-1' }] })).toMatchObject({
      provider: 'extractive',
    });
    const answer = await route({
      seq: 9,
      method: 'ask',
      args: [{ question: 'What is the USRP?', requestId: 'ask-1', provider: 'extractive' }],
    });
    expect(answer).toMatchObject({ provider: 'extractive' });
    expect(await route({ seq: 15, method: 'cancelAsk', args: ['ask-1'] })).toBeUndefined();
    expect(await route({ seq: 11, method: 'updateSettings', args: [{ timeZone: 'Europe/Budapest' }] })).toMatchObject({
      timeZone: 'Europe/Budapest',
    });
    expect(await route({ seq: 12, method: 'getSettings', args: [] })).toMatchObject({ timeZone: 'Europe/Budapest' });
    const backup = (await route({ seq: 13, method: 'backupNow', args: [] })) as { messages: number; folder: string };
    expect(backup.messages).toBe(5);
    expect(await route({ seq: 14, method: 'listBackups', args: [] })).toEqual([expect.objectContaining({ folder: backup.folder })]);
    expect(await route({ seq: 18, method: 'listAttachments', args: [{ query: '' }] })).toMatchObject({
      query: '',
      items: expect.any(Array),
    });
    await expect(route({ seq: 19, method: 'attachmentThumbnail', args: [{ messageId: firstHit!.id, index: 99 }] })).rejects.toThrow(
      /there is none at index 99/,
    );
    await expect(
      route({ seq: 20, method: 'previewAttachment', args: [{ ref: { messageId: firstHit!.id, index: 99 }, query: '' }] }),
    ).rejects.toThrow(/there is none at index 99/);

    const people = (await route({ seq: 21, method: 'listPeople', args: [{ limit: 5 }] })) as PeopleList;
    expect(people.messages).toBe(5);
    const person = people.people[0]!;
    expect(await route({ seq: 22, method: 'getPerson', args: [person.id] })).toMatchObject({ person: { id: person.id } });
    expect(await route({ seq: 23, method: 'separateAddress', args: [person.id, true] })).toEqual([person.id]);

    // The model manager's calls, none of which may open a connection here: a listing, the built-in model, and refusals.
    const models = (await route({ seq: 26, method: 'listModels', args: [] })) as ModelListing;
    expect(models.models.some((model) => model.name === 'universal-sentence-encoder')).toBe(true);
    await expect(route({ seq: 27, method: 'downloadModel', args: ['no-such-model', {}] })).rejects.toThrow(/there is no model named/);
    await expect(route({ seq: 28, method: 'pauseModelDownload', args: ['no-such-model'] })).rejects.toThrow(/there is no model named/);
    await expect(route({ seq: 29, method: 'cancelModelDownload', args: ['no-such-model'] })).rejects.toThrow(/there is no model named/);
    expect(((await route({ seq: 30, method: 'useModel', args: ['universal-sentence-encoder'] })) as ModelListing).models.length).toBe(
      models.models.length,
    );
    await expect(route({ seq: 31, method: 'removeModel', args: ['no-such-model'] })).rejects.toThrow(/there is no model named/);
    await expect(route({ seq: 32, method: 'useModelFiles', args: [join(dataDir, 'no-such-folder')] })).rejects.toThrow(/models:/);

    expect([...seen].sort()).toEqual([...API_METHODS].sort());
  });

  it('recognises requests and nothing else', () => {
    expect(isEngineRequest({ seq: 1, method: 'getStats', args: [] })).toBe(true);
    expect(isEngineRequest({ seq: 1, method: 'close', args: [] })).toBe(false);
    expect(isEngineRequest({ seq: '1', method: 'getStats', args: [] })).toBe(false);
    expect(isEngineRequest({ seq: 1, method: 'getStats' })).toBe(false);
    expect(isEngineRequest({ kind: 'shutdown' })).toBe(false);
    expect(isEngineRequest(null)).toBe(false);
  });

  it('reads the data folder from argv', () => {
    expect(dataDirFromArgv(['/electron', 'host.mjs', '--data-dir', '/data'])).toBe('/data');
    expect(dataDirFromArgv(['/electron', 'host.mjs', '--data-dir'])).toBeNull();
    expect(dataDirFromArgv(['/electron', 'host.mjs', '--data-dir', '--other'])).toBeNull();
    expect(dataDirFromArgv(['/electron', 'host.mjs'])).toBeNull();
  });
});
