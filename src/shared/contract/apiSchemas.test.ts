import { describe, expect, it } from 'vitest';
import type { ApiArguments, ApiMethod } from './api';
import { API_METHOD_TABLE, API_METHODS } from './apiMethods';
import { checkArguments } from './apiSchemas';

// One valid call per method; the satisfies makes a new API method without an example fail to compile.
const validCalls = {
  search: [{ query: 'from:alice has:attachment', limit: 50, offset: 0, sort: 'date', mode: 'hybrid' }],
  getMessage: ['message-1'],
  listFolders: [],
  getStats: [],
  importPaths: [['/home/person/Takeout/All mail.mbox', '/home/person/old-mail'], 'import-1'],
  cancelImport: ['import-1'],
  embed: [],
  ask: [{ question: 'who?', requestId: 'ask-1' }],
  cancelAsk: ['ask-1'],
  setEmbeddingPaused: [true],
  complete: ['fro', 3],
  getSettings: [],
  updateSettings: [{ timeZone: 'Europe/Budapest', answerProvider: { kind: 'ollama', model: 'llama3.2:3b' }, backups: { keep: 3 } }],
  backupNow: [],
  listBackups: [],
  attachmentFile: [{ messageId: 'a1b2c3', index: 0 }],
  listAttachments: [{ query: 'has:pdf budget', mode: 'keyword', offset: 60, limit: 60 }],
  attachmentThumbnail: [{ messageId: 'a1b2c3', index: 1 }],
  previewAttachment: [{ ref: { messageId: 'a1b2c3', index: 0 }, query: 'budget', page: 2 }],
  timeline: [{ query: 'from:anna has:pdf', sort: 'date', mode: 'keyword' }],
  ocr: [],
  listModels: [],
  downloadModel: ['all-minilm-l6-v2', { mirror: 'http://127.0.0.1:8080' }],
  pauseModelDownload: ['all-minilm-l6-v2'],
  cancelModelDownload: ['all-minilm-l6-v2'],
  useModel: ['all-minilm-l6-v2'],
  removeModel: ['all-minilm-l6-v2'],
  useModelFiles: ['/models/qwen2.5-1.5b-instruct-q4_k_m.gguf'],
  listPeople: [{ query: 'has:pdf after:2024', mode: 'keyword', filter: 'adam hall', sort: 'last', limit: 50, offset: 0 }],
  getPerson: ['adam.hall@example.com'],
  separateAddress: ['adam.hall@example.com', true],
} satisfies { [M in ApiMethod]: ApiArguments<M> };

describe('argument schemas', () => {
  it('marks importing, embedding and changing settings as the calls that write the data folder', () => {
    const writing = API_METHODS.filter((method) => API_METHOD_TABLE[method].writes !== false);
    expect(writing.sort()).toEqual([
      'cancelModelDownload',
      'downloadModel',
      'embed',
      'importPaths',
      'ocr',
      'removeModel',
      'separateAddress',
      'updateSettings',
      'useModel',
      'useModelFiles',
    ]);
  });

  it.each(API_METHODS)('accepts a valid %s call and returns its arguments unchanged', (method) => {
    const check = checkArguments(method, validCalls[method]);
    expect(check).toEqual({ ok: true, args: validCalls[method] });
  });

  it('accepts a search with only a query', () => {
    expect(checkArguments('search', [{ query: '' }]).ok).toBe(true);
  });

  it.each([
    ['search', [], 'arguments'],
    ['search', [{ query: 'x' }, 'extra'], 'arguments'],
    ['search', [{ query: 42 }], 'argument 0.query'],
    ['search', [{ query: 'x', limit: 0 }], 'argument 0.limit'],
    ['search', [{ query: 'x', limit: 1.5 }], 'argument 0.limit'],
    ['search', [{ query: 'x', sort: 'size' }], 'argument 0.sort'],
    ['search', [{ query: 'x', mode: 'fuzzy' }], 'argument 0.mode'],
    ['updateSettings', [{ theme: 'dark' }], 'arguments'],
    ['updateSettings', [{ answerProvider: { kind: 'gpt' } }], 'argument 0.answerProvider'],
    ['updateSettings', [{ backups: { keep: -1 } }], 'argument 0.backups.keep'],
    ['updateSettings', [{ modelFolder: 'relative/folder' }], 'argument 0.modelFolder'],
    ['search', [{ query: 'x', script: 'alert(1)' }], 'argument 0'],
    ['search', [{ query: 'x'.repeat(10_001) }], 'argument 0.query'],
    ['getMessage', [''], 'argument 0'],
    ['getMessage', [7], 'argument 0'],
    ['listFolders', ['unexpected'], 'arguments'],
    ['importPaths', [[], 'import-1'], 'argument 0'],
    ['importPaths', [['relative/inbox.mbox'], 'import-1'], 'argument 0.0'],
    ['importPaths', [['/abs/inbox.mbox']], 'arguments'],
    ['importPaths', ['/abs/inbox.mbox', 'import-1'], 'argument 0'],
    ['cancelImport', [null], 'argument 0'],
    ['cancelAsk', [42], 'argument 0'],
    ['attachmentFile', [{ messageId: 'a1', index: -1 }], 'argument 0.index'],
    ['attachmentFile', [{ messageId: 'a1', index: 0.5 }], 'argument 0.index'],
    ['attachmentFile', [{ messageId: '', index: 0 }], 'argument 0.messageId'],
    ['attachmentFile', [{ messageId: 'a1', index: 0, path: '/etc/passwd' }], 'argument 0'],
  ] as const)('rejects %s(%j) naming %s', (method, raw, where) => {
    const check = checkArguments(method, [...raw] as unknown[]);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.error.code).toBe('bad-request');
    expect(check.error.message).toContain(`api: ${method} rejected its arguments`);
    expect(check.error.message).toContain(where);
  });

  it.each(['/home/person/mail.mbox', 'C:\\Users\\person\\mail.pst', 'D:/export', '\\\\nas\\mail\\all.mbox'])(
    'accepts the absolute path %s on any platform',
    (absolute) => {
      expect(checkArguments('importPaths', [[absolute], 'import-1']).ok).toBe(true);
    },
  );

  it.each(['mail.mbox', './mail.mbox', '../mail.mbox', '~/mail.mbox', 'C:mail.mbox'])('rejects the relative path %s', (relative) => {
    expect(checkArguments('importPaths', [[relative], 'import-1']).ok).toBe(false);
  });

  it('says what is wrong with a relative import path', () => {
    const check = checkArguments('importPaths', [['inbox.mbox'], 'import-1']);
    expect(check.ok ? '' : check.error.message).toContain('must be an absolute path');
  });
});
