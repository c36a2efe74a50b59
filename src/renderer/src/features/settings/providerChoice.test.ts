import { describe, expect, it } from 'vitest';
import { choiceOf, fieldsOf, leavesMachine } from './providerChoice';
import { mcpSnippet } from './mcpSnippet';

describe('answer provider form', () => {
  it('round-trips each choice through the form fields', () => {
    for (const choice of [
      { kind: 'extractive' as const },
      { kind: 'ollama' as const, model: 'llama3.2:3b' },
      { kind: 'ollama' as const, model: 'llama3.2:3b', baseUrl: 'http://10.0.0.5:11434' },
      { kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' },
      { kind: 'local' as const, modelPath: '/models/qwen.gguf' },
    ]) {
      expect(choiceOf(fieldsOf(choice))).toEqual(choice);
    }
  });

  it('says when answers leave the machine', () => {
    expect(leavesMachine({ kind: 'extractive' })).toBe(false);
    expect(leavesMachine({ kind: 'ollama', model: 'm' })).toBe(false);
    expect(leavesMachine({ kind: 'ollama', model: 'm', baseUrl: 'http://gpu-box:11434' })).toBe(true);
    expect(leavesMachine({ kind: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1' })).toBe(false);
    expect(leavesMachine({ kind: 'openai', model: 'm', baseUrl: 'https://api.openai.com/v1' })).toBe(true);
    expect(leavesMachine({ kind: 'local', modelPath: '/m.gguf' })).toBe(false);
  });

  it('writes the MCP snippet for the data folder', () => {
    expect(JSON.parse(mcpSnippet('/home/anna/.config/Lantern/data'))).toEqual({
      mcpServers: { lantern: { command: 'lantern', args: ['mcp', '--data-dir', '/home/anna/.config/Lantern/data'] } },
    });
  });
});
