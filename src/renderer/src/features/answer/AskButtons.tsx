// The top bar's answer controls: Ask (the search text as a question) and the answer pane's show/hide toggle.
import { Icon } from '../../ui/Icon';
import { isMac } from '../help/isMac';
import { chordText } from '../help/shortcuts';

export function AskButtons({ isOpen, onAsk, onToggle }: { isOpen: boolean; onAsk: () => void; onToggle: () => void }) {
  const mac = isMac();
  return (
    <>
      <button
        type="button"
        className="button"
        title={`Ask the search text as a question (${chordText(['Mod', 'Enter'], mac)})`}
        onClick={onAsk}
        data-testid="ask-button"
      >
        <Icon name="answer" size={16} /> Ask
      </button>
      <button
        type="button"
        className={`button button-quiet icon-button ${isOpen ? 'is-active' : ''}`}
        aria-label="Answer pane"
        aria-pressed={isOpen}
        title={`${isOpen ? 'Hide' : 'Show'} the answer pane (${chordText(['Mod', 'J'], mac)})`}
        onClick={onToggle}
        data-testid="answer-toggle"
      >
        <Icon name="panel" size={18} />
      </button>
    </>
  );
}
