// The `?` sheet: every keyboard shortcut, grouped, in a modal that Esc closes.
import { useRef } from 'react';
import { KeyChordView } from './KeyChordView';
import { isMac } from './isMac';
import { SHORTCUT_GROUPS } from './shortcuts';
import { useModalFocus } from './useModalFocus';
import './help.css';

/** An id from a group title: aria-labelledby takes a space-separated list, so no spaces. */
function groupId(title: string): string {
  return `shortcut-group-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, onClose);
  const mac = isMac();
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="shortcut-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-sheet-title"
        tabIndex={-1}
        data-testid="shortcut-sheet"
      >
        <header className="shortcut-sheet-header">
          <h2 id="shortcut-sheet-title">Keyboard shortcuts</h2>
          <button
            type="button"
            className="shortcut-sheet-close"
            aria-label="Close keyboard shortcuts"
            onClick={onClose}
            data-testid="shortcut-sheet-close"
          >
            ×
          </button>
        </header>
        <div className="shortcut-groups">
          {SHORTCUT_GROUPS.map((group) => (
            <section key={group.title} className="shortcut-group" aria-labelledby={groupId(group.title)}>
              <h3 id={groupId(group.title)} className="label-heading">
                {group.title}
              </h3>
              <dl>
                {group.shortcuts.map((shortcut) => (
                  <div key={shortcut.does} className="shortcut-row" data-testid="shortcut-row">
                    <dt>
                      {shortcut.chords.map((chord, index) => (
                        <span key={chord.join('+')}>
                          {index > 0 && <span className="shortcut-or"> or </span>}
                          <KeyChordView chord={chord} isMac={mac} />
                        </span>
                      ))}
                    </dt>
                    <dd>
                      {shortcut.does}
                      {shortcut.where && <span className="muted"> ({shortcut.where})</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <p className="shortcut-sheet-foot muted">Single-letter keys never fire while you type in a field.</p>
      </div>
    </div>
  );
}
