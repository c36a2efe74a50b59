// The screen of an empty store: how to export mail from Gmail or Outlook, and where to drop it.
import { ChooseFilesButton } from './ChooseFilesButton';
import { Icon } from '../../ui/Icon';

export function FirstRun({ onFiles, isBusy }: { onFiles: (files: File[]) => void; isBusy: boolean }) {
  return (
    <section className="first-run" data-testid="first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Bring your mail archive into Lantern</h1>
      <p className="first-run-lead">Everything stays on this computer. Nothing is uploaded anywhere.</p>
      <div className="first-run-sources">
        <article className="first-run-card">
          <h2>Gmail</h2>
          <ol>
            <li>
              Go to <strong>takeout.google.com</strong> and click <em>Deselect all</em>.
            </li>
            <li>
              Tick <strong>Mail</strong>, then <em>Next step</em> → <em>Create export</em>.
            </li>
            <li>
              Download the archive when Google mails you and drop the <strong>.zip</strong> (or the <strong>.mbox</strong> inside it) here:
              no need to unpack it.
            </li>
          </ol>
        </article>
        <article className="first-run-card">
          <h2>Outlook</h2>
          <ol>
            <li>
              <strong>File</strong> → <strong>Open &amp; Export</strong> → <strong>Import/Export</strong>.
            </li>
            <li>
              <em>Export to a file</em> → <em>Outlook Data File (.pst)</em>, pick the mailbox, include subfolders.
            </li>
            <li>
              Save the <strong>.pst</strong> file somewhere you can find it.
            </li>
          </ol>
        </article>
      </div>
      <div className="first-run-drop" data-testid="first-run-drop">
        <div className="first-run-drop-icon" aria-hidden="true">
          <Icon name="upload" size={36} />
        </div>
        <p>
          <strong>Drop a Takeout .zip, .mbox, .pst, .msg or .eml files, or a mail folder, anywhere on this window</strong>
        </p>
        <p className="muted">or</p>
        <ChooseFilesButton onFiles={onFiles} isDisabled={isBusy} />
      </div>
    </section>
  );
}
