// Stop while a model writes: the engine stops generating, keeps what was written and marks the answer stopped.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, sharedDir, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const STORY_MODEL = resolve(sharedDir, 'models/tinyllamas/stories260K.gguf');
const MAX_TOKENS = 300;

describe('cancelAsk', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 40)));
    engine = await openEngine({
      dataDir: join(dir, 'store'),
      timeZone: 'UTC',
      answerProvider: { kind: 'local', modelPath: STORY_MODEL, threads: 1, maxTokens: MAX_TOKENS },
    });
    await engine.importPaths([file], 'slice');
  });

  afterAll(async () => {
    await engine.close();
  });

  /** Asks and records every token of this request, calling `onFirstToken` once when the first one arrives. */
  async function ask(
    requestId: string,
    onFirstToken?: () => void,
  ): Promise<{ answer: Awaited<ReturnType<Engine['ask']>>; tokens: string[] }> {
    const tokens: string[] = [];
    const unsubscribe = engine.subscribe((event) => {
      if (event.type !== 'answer-token' || event.requestId !== requestId) return;
      tokens.push(event.text);
      if (tokens.length === 1) onFirstToken?.();
    });
    try {
      const answer = await engine.ask({ question: 'Where did Lily go with the USRP?', requestId });
      return { answer, tokens };
    } finally {
      unsubscribe();
    }
  }

  it('stops the model at the next token and returns exactly what was written, marked stopped', async () => {
    const whole = await ask('whole');
    expect(whole.answer.stopped).toBeUndefined();
    expect(whole.tokens.length).toBeGreaterThan(20);

    const stopped = await ask('stopped', () => void engine.cancelAsk('stopped'));
    expect(stopped.answer).toMatchObject({ provider: 'local', refused: false, stopped: true });
    // The model stopped within a token or two of the request, far short of the answer it writes when left alone.
    expect(stopped.tokens.length).toBeLessThanOrEqual(3);
    expect(stopped.tokens.join('')).toContain(stopped.answer.answer.trim());
  });

  it('ignores a stop for an answer that is not being written, and answers the next question in full', async () => {
    await engine.cancelAsk('no-such-request');
    const after = await ask('after');
    expect(after.answer.stopped).toBeUndefined();
    expect(after.tokens.length).toBeGreaterThan(20);
  });
});
