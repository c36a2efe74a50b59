// A message's HTML in a sandboxed frame: filling the pane on its own, or as tall as the mail within a conversation.
import { useEffect, useRef, useState } from 'react';

/** Before the mail is laid out: about a short message, so the conversation does not jump much when it is. */
const INITIAL_HEIGHT = 160;

/** The laid-out height of the mail; the html element's own box, since scrollHeight never shrinks below the frame. */
function contentHeight(frame: HTMLIFrameElement): number | null {
  const root = frame.contentDocument?.documentElement;
  if (!root) return null;
  return Math.ceil(Math.max(root.getBoundingClientRect().height, frame.contentDocument?.body?.scrollHeight ?? 0));
}

export function MessageFrame({ document, title, fitsContent }: { document: string; title: string; fitsContent: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!fitsContent || !element) return;
    const measure = (): void => {
      const next = contentHeight(element);
      if (next !== null) setHeight(next);
    };
    // The mail's body changes size when the pane is resized, an image arrives or a folded quote opens.
    const observer = new ResizeObserver(measure);
    const onLoad = (): void => {
      observer.disconnect();
      const body = element.contentDocument?.body;
      if (body) observer.observe(body);
      measure();
    };
    element.addEventListener('load', onLoad);
    if (element.contentDocument?.readyState === 'complete') onLoad();
    return () => {
      element.removeEventListener('load', onLoad);
      observer.disconnect();
    };
  }, [fitsContent, document]);

  return (
    <iframe
      ref={frame}
      className={fitsContent ? 'reader-frame is-fitted' : 'reader-frame'}
      style={fitsContent ? { height: height ?? INITIAL_HEIGHT } : undefined}
      title={title}
      // No scripts, no forms, no popups: the mail can only be looked at. Same origin only so the reader can read the
      // laid-out height and show each mail of a conversation whole; with scripts off nothing in the mail can use it,
      // and the frame's CSP forbids scripts a second time.
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      srcDoc={document}
      data-testid="reader-html"
    />
  );
}
