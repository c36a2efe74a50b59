// A plain-text body: whole, with the sentence an answer cited marked, or with quotes and signature folded behind "…".
import { useEffect, useMemo, useRef, useState } from 'react';
import { splitReplies } from '../../../../shared/mail/replyParts';

const EMPTY = '(This message has no text.)';

/** One folded part: "…" until clicked, then the quote or signature itself, which a second click folds again. */
function FoldedText({ text }: { text: string }) {
  const [isOpen, setOpen] = useState(false);
  const lines = text.split('\n').length;
  return (
    <>
      <button
        type="button"
        className="reader-fold"
        aria-expanded={isOpen}
        aria-label={isOpen ? 'Hide quoted text' : `Show quoted text (${lines === 1 ? '1 line' : `${lines} lines`})`}
        title={isOpen ? 'Hide quoted text' : 'Show quoted text'}
        onClick={() => setOpen(!isOpen)}
        data-testid="reader-fold"
      >
        …
      </button>
      {isOpen && (
        <span className="reader-folded-text" data-testid="reader-folded-text">
          {text}
        </span>
      )}
    </>
  );
}

function FoldedPlainText({ text }: { text: string }) {
  const parts = useMemo(() => splitReplies(text), [text]);
  return (
    <pre className="reader-text is-folding" data-testid="reader-text">
      {parts.length === 0
        ? EMPTY
        : parts.map((part, index) =>
            part.kind === 'own' ? (
              <span key={index} className="reader-own-text">
                {part.text}
              </span>
            ) : (
              <FoldedText key={index} text={part.text} />
            ),
          )}
    </pre>
  );
}

/** The plain text, with the sentence an answer cited marked and scrolled into view. */
function CitedPlainText({ text, cited }: { text: string; cited: { start: number; end: number } | null }) {
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center' });
  }, [cited]);
  // A cited range is only ever found in non-empty text.
  if (!cited) {
    return (
      <pre className="reader-text" data-testid="reader-text">
        {text || EMPTY}
      </pre>
    );
  }
  return (
    <pre className="reader-text" data-testid="reader-text">
      {text.slice(0, cited.start)}
      <mark className="reader-cited" ref={mark} data-testid="reader-cited">
        {text.slice(cited.start, cited.end)}
      </mark>
      {text.slice(cited.end)}
    </pre>
  );
}

/** A cited passage is never folded away: it may sit in a quote. */
export function PlainTextBody({
  text,
  cited,
  foldsQuotes,
}: {
  text: string;
  cited: { start: number; end: number } | null;
  foldsQuotes: boolean;
}) {
  return foldsQuotes && cited === null ? <FoldedPlainText text={text} /> : <CitedPlainText text={text} cited={cited} />;
}
