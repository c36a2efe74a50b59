// Folders and stats of the store, reloaded whenever the store changes.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../shared/contract/api';
import type { Folder } from '../../../shared/model/folder';
import type { Stats } from '../../../shared/model/stats';
import { errorMessage } from '../../../shared/errorMessage';

export interface StoreView {
  folders: Folder[];
  stats: Stats | null;
  error: string | null;
}

export function useStore(client: LanternClient, storeVersion: number): StoreView {
  const [view, setView] = useState<StoreView>({ folders: [], stats: null, error: null });
  useEffect(() => {
    let isCurrent = true;
    Promise.all([client.listFolders(), client.getStats()])
      .then(([folders, stats]) => {
        if (isCurrent) setView({ folders, stats, error: null });
      })
      .catch((error: unknown) => {
        console.error('store: could not load folders and stats', error);
        if (isCurrent) setView((previous) => ({ ...previous, error: errorMessage(error) }));
      });
    return () => {
      isCurrent = false;
    };
  }, [client, storeVersion]);
  return view;
}
