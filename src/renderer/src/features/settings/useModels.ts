// Loads the model listing, follows the downloads the person started, and runs their Download, Pause, Cancel, Use and Remove.
import { useCallback, useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { ModelDownloadProgress, ModelListing } from '../../../../shared/model/models';
import { errorMessage } from '../../../../shared/errorMessage';
import { problemSentence } from './modelDownloadText';

export interface ModelsControl {
  listing: ModelListing | null;
  /** The latest progress of each download heard of since the panel opened, by model name. */
  downloads: Record<string, ModelDownloadProgress>;
  /** The last failure of each model's action, in the engine's words, by model name. */
  problems: Record<string, string>;
  /** A failure of the listing itself or of "use files I already have". */
  error: string | null;
  /** Model names with a call in flight, so their buttons wait. */
  busy: ReadonlySet<string>;
  /** Starts a download from the mirror (null: the source in settings), shown as going to `host` until the engine says. */
  download(name: string, mirror: string | null, host: string): void;
  pause(name: string): void;
  cancel(name: string): void;
  use(name: string): void;
  remove(name: string): void;
  useFiles(path: string): Promise<boolean>;
  /** Keeps the mirror base URL in settings (null: the hub), so the CLI and later downloads use it too. */
  saveMirror(mirror: string | null): Promise<boolean>;
}

/** Phases after which the download is over and the listing has changed. */
const ENDED = new Set<ModelDownloadProgress['phase']>(['installed', 'paused', 'cancelled', 'failed']);

function isListing(value: unknown): value is ModelListing {
  return typeof value === 'object' && value !== null && 'models' in value;
}

export function useModels(client: LanternClient): ModelsControl {
  const [listing, setListing] = useState<ModelListing | null>(null);
  const [downloads, setDownloads] = useState<Record<string, ModelDownloadProgress>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(
    () =>
      client.listModels().then(
        (loaded) => {
          setListing(loaded);
          setError(null);
        },
        (failure: unknown) => setError(problemSentence(errorMessage(failure))),
      ),
    [client],
  );

  useEffect(() => {
    void refresh();
    return client.subscribe((event) => {
      if (event.type !== 'model-download') return;
      const progress = event.progress;
      setDownloads((previous) => ({ ...previous, [progress.name]: progress }));
      if (progress.phase === 'failed' && progress.message)
        setProblems((previous) => ({ ...previous, [progress.name]: problemSentence(progress.message!) }));
      if (ENDED.has(progress.phase)) void refresh();
    });
  }, [client, refresh]);

  /** Runs a call of the whole panel, showing its failure in the panel's own line; answers whether it worked. */
  const reportingCall = useCallback(async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      setError(null);
      return true;
    } catch (failure) {
      setError(problemSentence(errorMessage(failure)));
      return false;
    }
  }, []);

  /** Runs one call for a model: its buttons wait, its old problem goes, a failure is shown under its row. */
  const act = useCallback(
    (name: string, call: () => Promise<unknown>): void => {
      setBusy((previous) => new Set(previous).add(name));
      setProblems(({ [name]: _dropped, ...rest }) => rest);
      call()
        .then((result) => (isListing(result) ? setListing(result) : refresh()))
        .catch((failure: unknown) => setProblems((previous) => ({ ...previous, [name]: problemSentence(errorMessage(failure)) })))
        .finally(() =>
          setBusy((previous) => {
            const next = new Set(previous);
            next.delete(name);
            return next;
          }),
        );
    },
    [refresh],
  );

  /** A download is one long call: the row shows it starting at once, and its events carry it on; Pause and Cancel stay free. */
  const download = useCallback(
    (name: string, mirror: string | null, host: string): void => {
      setProblems(({ [name]: _dropped, ...rest }) => rest);
      setDownloads((previous) => ({
        ...previous,
        [name]: { name, phase: 'starting', file: null, bytesDone: 0, bytesTotal: 0, bytesPerSecond: 0, etaSeconds: null, host },
      }));
      client
        .downloadModel(name, mirror ? { mirror } : {})
        .catch((failure: unknown) => {
          const message = problemSentence(errorMessage(failure));
          setProblems((previous) => ({ ...previous, [name]: message }));
          setDownloads((previous) => {
            const last = previous[name];
            return last ? { ...previous, [name]: { ...last, phase: 'failed', message } } : previous;
          });
        })
        .finally(() => void refresh());
    },
    [client, refresh],
  );

  return {
    listing,
    downloads,
    problems,
    error,
    busy,
    download,
    pause: (name) => act(name, () => client.pauseModelDownload(name)),
    cancel: (name) => act(name, () => client.cancelModelDownload(name)),
    use: (name) => act(name, () => client.useModel(name)),
    remove: (name) => act(name, () => client.removeModel(name)),
    useFiles: (path) => reportingCall(() => client.useModelFiles(path).then(setListing)),
    saveMirror: (mirror) => reportingCall(() => client.updateSettings({ modelMirror: mirror }).then(refresh)),
  };
}
