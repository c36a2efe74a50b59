// `lantern models list|get|use|remove|cancel`: the model catalogue, downloads on the person's command, and which model each role uses.
import { resolve, sep } from 'node:path';
import type { ModelListEntry, ModelListing } from '../../shared/model/models';
import { describeBytes } from '../../shared/models/byteSize';
import { openCliEngine } from '../openCliEngine';
import { errorMessage } from '../../shared/errorMessage';
import { printError, printJson, printText } from '../output';
import { progressPrinter } from '../progress';
import { UsageError } from '../usage';

export interface ModelsFlags {
  mirror?: string;
}

const ROLE_TITLES = {
  embedder: 'Meaning search (embedder)',
  reranker: 'Rerank mode (reranker)',
  answer: 'Answers (language model)',
} as const;

function stateText(model: ModelListEntry): string {
  if (model.isBuiltIn) return 'built in';
  switch (model.state) {
    case 'installed':
      return `installed, ${describeBytes(model.bytesOnDisk)}`;
    case 'paused':
      return `paused at ${describeBytes(model.bytesOnDisk)} of ${describeBytes(model.downloadBytes)}`;
    case 'downloading':
      return 'downloading';
    case 'available':
      return `${model.isDownloadSizeExact ? '' : 'about '}${describeBytes(model.downloadBytes)} to download`;
  }
}

function listingText(listing: ModelListing): string {
  const free = listing.freeBytes === null ? '' : `, ${describeBytes(listing.freeBytes)} free`;
  const lines = [`Models in ${listing.modelsFolder}${free}; downloads come from ${listing.source} and only on your command.`];
  for (const role of ['embedder', 'reranker', 'answer'] as const) {
    lines.push('', ROLE_TITLES[role]);
    for (const model of listing.models.filter((entry) => entry.role === role)) {
      const memory = model.memoryBytes > 0 ? `, ${describeBytes(model.memoryBytes)} memory` : '';
      lines.push(
        `${model.isInUse ? '* ' : '  '}${model.name.padEnd(28)} ${stateText(model)}${memory}; ${model.languages}; ${model.licence}`,
      );
      lines.push(`    ${model.gives}`);
      lines.push(`    ${model.quality.figure} (${model.quality.source})`);
    }
    for (const files of listing.filesInUse.filter((entry) => entry.role === role)) lines.push(`* your files: ${files.path}`);
  }
  lines.push('', '* = in use. Get one with: lantern models get NAME; then: lantern models use NAME');
  return lines.join('\n');
}

/** A path rather than a catalogue name: the person's own model files. */
function isPath(target: string): boolean {
  return target.includes('/') || target.includes(sep) || target.toLowerCase().endsWith('.gguf');
}

export async function runModels(args: string[], flags: ModelsFlags, dataDir: string, json: boolean): Promise<number> {
  const [action = 'list', target, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`lantern models ${action}: takes one model name`);
  if (action !== 'list' && !target) throw new UsageError(`lantern models ${action}: give a model name (see lantern models list)`);
  if (flags.mirror !== undefined && action !== 'get') throw new UsageError('lantern models: --mirror goes with get');
  const engine = await openCliEngine(dataDir, { access: action === 'list' ? 'read' : 'write' });
  try {
    switch (action) {
      case 'list': {
        const listing = await engine.listModels();
        if (json) printJson(listing);
        else printText(listingText(listing));
        return 0;
      }
      case 'get': {
        const progress = progressPrinter();
        const unsubscribe = engine.subscribe(progress.onEvent);
        // Ctrl-C pauses: the bytes stay in models/<name>.partial and the next get resumes them.
        const pause = (): void =>
          void engine
            .pauseModelDownload(target!)
            .catch((error: unknown) => printError(`lantern models get: could not pause: ${errorMessage(error)}`));
        process.once('SIGINT', pause);
        try {
          const outcome = await engine.downloadModel(target!, flags.mirror === undefined ? {} : { mirror: flags.mirror });
          progress.finish();
          if (json) printJson(outcome);
          else if (outcome.phase === 'installed')
            printText(
              `${target}: installed and verified (${describeBytes(outcome.bytesOnDisk)}); use it with: lantern models use ${target}`,
            );
          else
            printText(`${target}: ${outcome.phase}; ${describeBytes(outcome.bytesOnDisk)} kept, and lantern models get ${target} resumes`);
          return outcome.phase === 'installed' ? 0 : 1;
        } finally {
          progress.finish();
          unsubscribe();
          process.off('SIGINT', pause);
        }
      }
      case 'use': {
        const listing = isPath(target!) ? await engine.useModelFiles(resolve(target!)) : await engine.useModel(target!);
        if (json) printJson(listing);
        else printText(`Now in use: ${target}. Settings saved in ${dataDir}.`);
        return 0;
      }
      case 'remove':
      case 'cancel': {
        if (action === 'cancel') await engine.cancelModelDownload(target!);
        const listing = action === 'remove' ? await engine.removeModel(target!) : await engine.listModels();
        if (json) printJson(listing);
        else printText(action === 'remove' ? `Removed ${target}.` : `Cancelled ${target}; its downloaded bytes are deleted.`);
        return 0;
      }
      default:
        throw new UsageError(`lantern models: unknown action "${action}" (list, get, use, remove or cancel)`);
    }
  } finally {
    await engine.close();
  }
}
