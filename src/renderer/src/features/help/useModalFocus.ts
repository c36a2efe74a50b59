// Modal focus: focus moves into the dialog, Tab and Shift+Tab stay inside it, Esc closes it, focus goes back after.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

export function useModalFocus(dialog: RefObject<HTMLElement | null>, onClose: () => void): void {
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = dialog.current;
    (container ? (focusablesIn(container)[0] ?? container) : null)?.focus();

    // On the window in the capture phase: the app's own keys (Esc back, j/k) never see what the dialog handles.
    const onKeyDown = (event: KeyboardEvent): void => {
      const current = dialog.current;
      if (!current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopImmediatePropagation();
        latestClose.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(current);
      const first = focusables[0] ?? current;
      const last = focusables.at(-1) ?? current;
      const active = document.activeElement;
      if (!current.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && (active === first || active === current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [dialog]);
}
