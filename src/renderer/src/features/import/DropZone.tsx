// Accepts files dropped anywhere on the window and shows an overlay while something is dragged over it.
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../ui/Icon';

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

export function DropZone({ onFiles, isBusy }: { onFiles: (files: File[]) => void; isBusy: boolean }) {
  const [isDragging, setIsDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; a depth count tells when the pointer really left the window.
  const depth = useRef(0);

  useEffect(() => {
    const onDragEnter = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setIsDragging(true);
    };
    const onDragOver = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      // Without preventDefault the browser would open the file in place of the app.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDragLeave = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setIsDragging(false);
    };
    const onDrop = (event: DragEvent): void => {
      event.preventDefault();
      depth.current = 0;
      setIsDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) onFiles(files);
    };
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFiles]);

  if (!isDragging) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-card">
        <div className="drop-overlay-icon">
          <Icon name="upload" size={40} />
        </div>
        <div className="drop-overlay-title">{isBusy ? 'An import is running: wait for it to finish' : 'Drop to import your mail'}</div>
        <div className="drop-overlay-hint">Gmail Takeout .zip or .mbox, Outlook .pst, .ost or .msg, .eml files or mail folders</div>
      </div>
    </div>
  );
}
