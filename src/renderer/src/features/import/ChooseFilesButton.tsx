// A button that opens the system file picker through a hidden multi-file input.
import { useRef } from 'react';

export function ChooseFilesButton({ onFiles, isDisabled }: { onFiles: (files: File[]) => void; isDisabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        data-testid="choose-files"
        disabled={isDisabled}
        onClick={() => input.current?.click()}
      >
        Choose files…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        accept=".mbox,.mbx,.pst,.ost,.msg,.eml,.emlx,.zip,.tgz,.gz,application/mbox,application/vnd.ms-outlook,message/rfc822"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset so choosing the same file again fires change again.
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
