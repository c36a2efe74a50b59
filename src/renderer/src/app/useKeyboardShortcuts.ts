// Window-wide keys: / search, ↑↓ j k move, Enter o open, u Esc back; letters never fire while typing in a field.
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  focusSearch: () => void;
  move: (delta: number) => void;
  open: () => void;
  back: () => void;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file'].includes(target.type);
  return false;
}

/** Elements that handle these keys themselves (the folder tree, buttons). */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="tree"]') && key !== '/' && key !== 'j' && key !== 'k') return true;
  return (key === 'Enter' || key === ' ') && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target.tagName === 'SUMMARY');
}

export function useKeyboardShortcuts(actions: ShortcutActions): void {
  // The latest actions, read at key time, so the listener is registered once.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target) || ownsKeys(event.target, event.key)) return;
      const { focusSearch, move, open, back } = latest.current;
      switch (event.key) {
        case '/':
          focusSearch();
          break;
        case 'ArrowDown':
        case 'j':
          move(1);
          break;
        case 'ArrowUp':
        case 'k':
          move(-1);
          break;
        case 'Enter':
        case 'o':
          open();
          break;
        case 'u':
        case 'Escape':
          back();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
