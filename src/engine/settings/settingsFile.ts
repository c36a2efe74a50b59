// Reads and writes settings.json in the data folder; a hand-edited or older file falls back field by field.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { DEFAULT_SETTINGS, type AnswerProviderChoice, type Settings } from '../../shared/model/settings';

const FILE = 'settings.json';
const SETTINGS_VERSION = 1;

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function providerProblem(provider: unknown): string | null {
  if (typeof provider !== 'object' || provider === null) return 'the answer provider must be an object';
  const choice = provider as Partial<AnswerProviderChoice> & Record<string, unknown>;
  switch (choice.kind) {
    case 'extractive':
      return null;
    case 'ollama':
      return typeof choice.model === 'string' && choice.model !== '' ? null : 'Ollama needs a model name, e.g. llama3.2:3b';
    case 'openai':
      if (typeof choice.model !== 'string' || choice.model === '') return 'an OpenAI-compatible endpoint needs a model name';
      return typeof choice.baseUrl === 'string' && /^https?:\/\//.test(choice.baseUrl)
        ? null
        : 'an OpenAI-compatible endpoint needs a base URL starting with http:// or https://';
    case 'local':
      return typeof choice.modelPath === 'string' && choice.modelPath.endsWith('.gguf')
        ? null
        : 'a local model needs the path of a .gguf file';
    default:
      return `unknown answer provider "${String(choice.kind)}" (extractive, ollama, openai or local)`;
  }
}

/** Checks a whole settings object; the message names the first wrong field. */
export function settingsProblem(settings: Settings): string | null {
  if (settings.timeZone !== null && !isTimeZone(settings.timeZone))
    return `"${String(settings.timeZone)}" is not a time zone (use a name like Europe/Budapest)`;
  const provider = providerProblem(settings.answerProvider);
  if (provider) return provider;
  if (settings.modelFolder !== null && typeof settings.modelFolder !== 'string') return 'the model folder must be a path';
  if (settings.rerankerFolder !== null && typeof settings.rerankerFolder !== 'string') return 'the reranker folder must be a path';
  if (settings.modelMirror !== null && !(typeof settings.modelMirror === 'string' && /^https?:\/\/\S+$/.test(settings.modelMirror)))
    return 'the model mirror must be a base URL starting with http:// or https://';
  if (typeof settings.interactionLog !== 'boolean') return 'the interaction log setting must be on or off';
  const { keep, folder } = settings.backups ?? {};
  if (!Number.isInteger(keep) || keep! < 0 || keep! > 100) return 'the number of backups to keep must be a whole number from 0 to 100';
  if (folder !== null && typeof folder !== 'string') return 'the backup folder must be a path';
  return null;
}

export async function loadSettings(dataDir: string): Promise<Settings> {
  let saved: Record<string, unknown>;
  try {
    const file = JSON.parse(await readFile(join(dataDir, FILE), 'utf8')) as { version?: number; settings?: Record<string, unknown> };
    if (file.version !== SETTINGS_VERSION || typeof file.settings !== 'object' || file.settings === null)
      return structuredClone(DEFAULT_SETTINGS);
    saved = file.settings;
  } catch {
    return structuredClone(DEFAULT_SETTINGS);
  }
  // Field by field: one bad value (a hand edit) resets that field, not the others.
  const settings = structuredClone(DEFAULT_SETTINGS);
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(key in saved)) continue;
    const candidate = { ...settings, [key]: saved[key] } as Settings;
    if (settingsProblem(candidate) === null) Object.assign(settings, { [key]: saved[key] });
  }
  return settings;
}

export async function saveSettings(dataDir: string, settings: Settings): Promise<void> {
  const problem = settingsProblem(settings);
  if (problem) throw new LanternError('bad-request', `settings: ${problem}`);
  const target = join(dataDir, FILE);
  await writeFile(`${target}.tmp`, `${JSON.stringify({ version: SETTINGS_VERSION, settings }, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
}
