// Loads the engine's settings and backups, and saves changes; errors come back as the engine's own sentences.
import { useCallback, useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { BackupSummary, Settings, SettingsPatch } from '../../../../shared/model/settings';
import { errorMessage } from '../../../../shared/errorMessage';

export interface SettingsControl {
  settings: Settings | null;
  backups: BackupSummary[];
  dataDir: string;
  error: string | null;
  isBusy: boolean;
  save(patch: SettingsPatch): Promise<boolean>;
  backupNow(): Promise<BackupSummary | null>;
  /** Shows a problem found before saving, in the same place as the engine's own. */
  reportProblem(problem: string): void;
}

function message(error: unknown): string {
  return errorMessage(error).replace(/^settings: /, '');
}

export function useSettings(client: LanternClient, isOpen: boolean): SettingsControl {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [backups, setBackups] = useState<BackupSummary[]>([]);
  const [dataDir, setDataDir] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    Promise.all([client.getSettings(), client.listBackups(), client.getStats()])
      .then(([loaded, listed, stats]) => {
        if (!isCurrent) return;
        setSettings(loaded);
        setBackups(listed);
        setDataDir(stats.dataDir);
        setError(null);
      })
      .catch((failure: unknown) => isCurrent && setError(message(failure)));
    return () => {
      isCurrent = false;
    };
  }, [client, isOpen]);

  /** Runs one engine call with the dialog busy, refreshes the backup list, and shows its error instead of throwing. */
  const busyCall = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        const result = await call();
        setBackups(await client.listBackups());
        setError(null);
        return result;
      } catch (failure) {
        setError(message(failure));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [client],
  );

  const save = useCallback(
    async (patch: SettingsPatch) => (await busyCall(async () => setSettings(await client.updateSettings(patch)))) !== null,
    [busyCall, client],
  );

  const backupNow = useCallback(() => busyCall(() => client.backupNow()), [busyCall, client]);

  return { settings, backups, dataDir, error, isBusy, save, backupNow, reportProblem: setError };
}
