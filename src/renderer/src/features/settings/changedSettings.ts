// The part of a settings form's patch that differs from the settings it was filled from.
import type { Settings, SettingsPatch } from '../../../../shared/model/settings';

/**
 * Only what the person changed is sent: the Models tab (and the CLI) change settings too while the form is open, and
 * sending the form's copy of every field would put back what they changed.
 */
export function changedSettings(saved: Settings, patch: SettingsPatch): SettingsPatch {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    const before = saved[key as keyof Settings];
    const after = key === 'backups' ? { ...saved.backups, ...(value as SettingsPatch['backups']) } : value;
    if (JSON.stringify(after) !== JSON.stringify(before)) changed[key] = value;
  }
  return changed as SettingsPatch;
}
