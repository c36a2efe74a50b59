// The words of a model download: the host it will go to, its progress as bytes, rate and time left, and why it failed.
import type { ModelDownloadProgress } from '../../../../shared/model/models';
import { describeBytes } from '../../../../shared/models/byteSize';
import { formatDuration } from '../../ui/format';

/** Where downloads go when no mirror is set: the Hugging Face hub, as the catalogue names each model's repository. */
export const HUB_BASE_URL = 'https://huggingface.co';

/** The host a download from this mirror base URL (empty: the hub) goes to, or a sentence saying why it cannot be used. */
export function downloadHost(mirror: string): { host: string; baseUrl: string } | { problem: string } {
  const trimmed = mirror.trim();
  if (trimmed === '') return { host: new URL(HUB_BASE_URL).host, baseUrl: HUB_BASE_URL };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: `"${trimmed}" is not a web address: write it like https://hf-mirror.example.org` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: `"${trimmed}" is not a web address: a mirror starts with https:// (or http:// on your own network)` };
  return { host: url.host, baseUrl: trimmed.replace(/\/+$/, '') };
}

export type TransferFigures = Pick<ModelDownloadProgress, 'bytesDone' | 'bytesTotal' | 'bytesPerSecond' | 'etaSeconds'>;

/** "12 MB of 90 MB · 4.0 MB/s · about 20 s left": the rate and time once there is a rate, the total once it is known. */
export function progressLine(figures: TransferFigures): string {
  const parts = [
    figures.bytesTotal > 0
      ? `${describeBytes(figures.bytesDone)} of ${describeBytes(figures.bytesTotal)}`
      : describeBytes(figures.bytesDone),
  ];
  if (figures.bytesPerSecond > 0) {
    parts.push(`${describeBytes(figures.bytesPerSecond)}/s`);
    // The engine's estimate when it gives one; it knows the files still to come.
    const seconds =
      figures.etaSeconds ?? (figures.bytesTotal > 0 ? (figures.bytesTotal - figures.bytesDone) / figures.bytesPerSecond : null);
    if (seconds !== null) parts.push(`about ${formatDuration(Math.max(0, seconds))} left`);
  }
  return parts.join(' · ');
}

/** The share done, 0..100, for the progress bar; null when the size is not known yet. */
export function percentDone(figures: TransferFigures): number | null {
  if (figures.bytesTotal <= 0) return null;
  return Math.round(Math.min(1, Math.max(0, figures.bytesDone / figures.bytesTotal)) * 100);
}

/** The engine's reason as a sentence under a row: without the module name the CLI prints, capitalised, with its full stop. */
export function problemSentence(message: string): string {
  const text = message.replace(/^models: /, '').trim();
  if (text === '') return 'The model manager did not say what went wrong.';
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}
