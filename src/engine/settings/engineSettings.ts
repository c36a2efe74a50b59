// The settings an open engine runs by: the saved ones under the host's options, applied at once when they change.
import { join } from 'node:path';
import type { Settings, SettingsPatch } from '../../shared/model/settings';
import { systemTimeZone } from '../../shared/query/zonedTime';
import { AnswerProviders } from '../answer/answerProviders';
import type { EngineOptions } from '../api/engineTypes';
import { providerSettings } from './providerSettings';
import { loadSettings, saveSettings } from './settingsFile';

/** Options a host passes (CLI flags, tests) win over saved settings. */
export class EngineSettings {
  private constructor(
    private readonly options: EngineOptions,
    private saved: Settings,
    private providers: AnswerProviders,
    /** Found when first asked for: the system's zone starts ICU's time-zone data, which a search without dates never needs. */
    private zone: string | null,
  ) {}

  static async load(options: EngineOptions): Promise<EngineSettings> {
    const saved = await loadSettings(options.dataDir);
    return new EngineSettings(options, saved, new AnswerProviders(options.answerProvider ?? providerSettings(saved.answerProvider)), null);
  }

  /** The saved settings as they are now; callers must not change them (see `copy`). */
  get current(): Readonly<Settings> {
    return this.saved;
  }

  /** A copy for callers outside the engine. */
  copy(): Settings {
    return structuredClone(this.saved);
  }

  get timeZone(): string {
    this.zone ??= this.options.timeZone ?? this.saved.timeZone ?? systemTimeZone();
    return this.zone;
  }

  get answerProviders(): AnswerProviders {
    return this.providers;
  }

  get modelFolder(): string | undefined {
    return this.options.modelFolder ?? this.saved.modelFolder ?? undefined;
  }

  /** The interaction log's file when it is on, else null. */
  interactionLog(): string | null {
    if (this.options.interactionLog !== undefined) return this.options.interactionLog;
    return this.saved.interactionLog ? join(this.options.dataDir, 'interactions.jsonl') : null;
  }

  /** Saves the patched settings and applies them: a new time zone to the next query, a new answer provider to the next question. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const next: Settings = { ...this.saved, ...patch, backups: { ...this.saved.backups, ...patch.backups } };
    await saveSettings(this.options.dataDir, next);
    const providerChanged = JSON.stringify(next.answerProvider) !== JSON.stringify(this.saved.answerProvider);
    this.saved = next;
    this.zone = null;
    if (providerChanged && !this.options.answerProvider) {
      const previous = this.providers;
      this.providers = new AnswerProviders(providerSettings(next.answerProvider));
      await previous.close();
    }
    return this.copy();
  }

  async close(): Promise<void> {
    await this.providers.close();
  }
}
