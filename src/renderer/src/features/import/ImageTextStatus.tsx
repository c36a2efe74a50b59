// The status bar's line for the OCR stage: how many messages with images or scanned pages have had their text read.
import type { LanternClient } from '../../../../shared/contract/api';
import { formatCount } from '../../ui/format';
import { useImageTextProgress } from './useImageTextProgress';
import './importStatus.css';

export function ImageTextStatus({ client }: { client: LanternClient }) {
  const progress = useImageTextProgress(client);
  if (!progress) return null;
  return (
    <span
      className="status-embedding"
      data-testid="image-text-status"
      title="Text read from images and scanned PDF pages on this computer, so a search finds their words"
    >
      Reading images: {formatCount(progress.done)} of {formatCount(progress.total)} messages
    </span>
  );
}
