// Runs one import of dropped or chosen files: upload/resolve paths, follow progress events, keep the report.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { ImportProgress, ImportReport } from '../../../../shared/model/importing';
import { LanternError } from '../../../../shared/contract/errors';
import { errorMessage } from '../../../../shared/errorMessage';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'preparing'; importId: string; fileNames: string[] }
  | { phase: 'running'; importId: string; fileNames: string[]; progress: ImportProgress | null }
  | { phase: 'finished'; importId: string; fileNames: string[]; report: ImportReport }
  | { phase: 'failed'; fileNames: string[]; message: string };

export interface ImportControl {
  state: ImportState;
  start: (files: File[]) => void;
  cancel: () => void;
  dismiss: () => void;
}

function newImportId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `import-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function describeFailure(error: unknown, fileNames: string[]): string {
  const names = fileNames.join(', ');
  if (error instanceof LanternError && error.code === 'not-mail') return error.message;
  if (error instanceof LanternError && error.code === 'cancelled')
    return `Import of ${names} was cancelled; messages already imported were kept.`;
  const detail = errorMessage(error);
  return `Could not import ${names}: ${detail}`;
}

export function useImport(client: LanternClient): ImportControl {
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const currentId = useRef<string | null>(null);

  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type === 'import-progress' && event.progress.importId === currentId.current) {
          const progress = event.progress;
          setState((previous) =>
            previous.phase === 'running' && previous.importId === progress.importId ? { ...previous, progress } : previous,
          );
        } else if (event.type === 'import-finished' && event.importId === currentId.current) {
          const report = event.report;
          setState((previous) =>
            previous.phase === 'running' && previous.importId === event.importId
              ? { phase: 'finished', importId: event.importId, fileNames: previous.fileNames, report }
              : previous,
          );
        }
      }),
    [client],
  );

  const start = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (currentId.current !== null) {
        console.warn('import: an import is already running; the new files were not started');
        return;
      }
      const importId = newImportId();
      const fileNames = files.map((file) => file.name);
      currentId.current = importId;
      setState({ phase: 'preparing', importId, fileNames });
      void (async () => {
        try {
          const paths = await client.resolveDroppedFiles(files);
          if (paths.length === 0)
            throw new Error('none of the files has a path Lantern can read; drop them from a folder on this computer');
          setState({ phase: 'running', importId, fileNames, progress: null });
          const report = await client.importPaths(paths, importId);
          setState({ phase: 'finished', importId, fileNames, report });
        } catch (error) {
          // A refused file or a cancel is an answer the person sees, not a fault worth an error in the log.
          const isExpected = error instanceof LanternError && (error.code === 'not-mail' || error.code === 'cancelled');
          (isExpected ? console.warn : console.error)(`import: ${fileNames.join(', ')} failed`, error);
          setState({ phase: 'failed', fileNames, message: describeFailure(error, fileNames) });
        } finally {
          currentId.current = null;
        }
      })();
    },
    [client],
  );

  const cancel = useCallback(() => {
    const importId = currentId.current;
    if (importId === null) return;
    client.cancelImport(importId).catch((error: unknown) => console.error(`import: cancelling ${importId} failed`, error));
  }, [client]);

  const dismiss = useCallback(() => {
    setState((previous) => (previous.phase === 'finished' || previous.phase === 'failed' ? { phase: 'idle' } : previous));
  }, []);

  return { state, start, cancel, dismiss };
}
