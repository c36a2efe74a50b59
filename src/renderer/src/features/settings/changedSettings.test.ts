import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../../shared/model/settings';
import { changedSettings } from './changedSettings';

describe('changed settings', () => {
  it('sends only the fields the form changed', () => {
    const saved: Settings = { ...DEFAULT_SETTINGS, timeZone: 'Europe/Budapest', backups: { keep: 2, folder: null } };
    expect(
      changedSettings(saved, {
        timeZone: 'Asia/Tokyo',
        answerProvider: { kind: 'extractive' },
        interactionLog: false,
        backups: { keep: 2, folder: null },
      }),
    ).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(changedSettings(saved, { backups: { keep: 3, folder: null } })).toEqual({ backups: { keep: 3, folder: null } });
    expect(changedSettings(saved, { answerProvider: { kind: 'ollama', model: 'llama3.2:3b' } })).toEqual({
      answerProvider: { kind: 'ollama', model: 'llama3.2:3b' },
    });
  });

  it('leaves alone what the Models tab chose while the form was open', () => {
    // The form was filled before Use: its copy still says extractive answers and the built-in embedder.
    const formFilledFrom = DEFAULT_SETTINGS;
    const form = {
      timeZone: 'Asia/Tokyo',
      answerProvider: formFilledFrom.answerProvider,
      interactionLog: formFilledFrom.interactionLog,
      backups: formFilledFrom.backups,
    };
    // Saving compares with the settings as they are now, so only the time zone goes out.
    const now: Settings = {
      ...DEFAULT_SETTINGS,
      answerProvider: { kind: 'local', modelPath: '/data/models/stories260k/stories260K.gguf' },
    };
    const patch = changedSettings(formFilledFrom, form);
    expect(patch).toEqual({ timeZone: 'Asia/Tokyo' });
    expect({ ...now, ...patch }.answerProvider).toEqual(now.answerProvider);
  });
});
