// Window-wide keys: / Ctrl+K Ctrl+E search, ↑↓ j k move, Enter o open, u Esc back, [ ] previous/next in the reader,
// Ctrl+Enter ask, Ctrl+J answer pane, F6 panes, g gallery, ? help. Letters never fire while typing in a field or inside a dialog.
// The `?` sheet lists these from features/help/shortcuts.ts: change both together.
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  focusSearch: () => void;
  move: (delta: number) => void;
  open: () => void;
  back: () => void;
  /** Opens the result `delta` places from the selected one, keeping focus in the reading pane. */
  openAdjacent: (delta: number) => void;
  ask: () => void;
  toggleAnswer: () => void;
  cyclePane: (direction: 1 | -1) => void;
  showHelp: () => void;
  /** Switches between the result list and the attachment gallery. */
  toggleGallery: () => void;
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
  if (target.closest('[role="tree"]') && !['/', 'j', 'k', '?'].includes(key)) return true;
  return (
    (key === 'Enter' || key === ' ') &&
    (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target.tagName === 'SUMMARY')
  );
}

/** A modal dialog keeps its keys: nothing behind it moves while it is open. */
function isInsideDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-modal="true"]') !== null;
}

/** Ctrl/⌘ chords and F6 work everywhere, in the search field too; null for any other key. */
function chordAction(event: KeyboardEvent, actions: ShortcutActions): (() => void) | null {
  if (event.altKey) return null;
  if (event.key === 'F6' && !event.ctrlKey && !event.metaKey) return () => actions.cyclePane(event.shiftKey ? -1 : 1);
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey) return null;
  switch (event.key.toLowerCase()) {
    case 'k':
    case 'e':
      return actions.focusSearch;
    case 'enter':
      return actions.ask;
    case 'j':
      return actions.toggleAnswer;
    default:
      return null;
  }
}

export function useKeyboardShortcuts(actions: ShortcutActions): void {
  // The latest actions, read at key time, so the listener is registered once.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    // In the capture phase, before the focused field's own keys: Ctrl+Enter in the search bar asks and does not also search.
    const onChord = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || isInsideDialog(event.target)) return;
      const action = chordAction(event, latest.current);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      action();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target) || ownsKeys(event.target, event.key) || isInsideDialog(event.target)) return;
      const { focusSearch, move, open, back, openAdjacent, showHelp, toggleGallery } = latest.current;
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
        case '[':
          openAdjacent(-1);
          break;
        case ']':
          openAdjacent(1);
          break;
        case '?':
          showHelp();
          break;
        case 'g':
          toggleGallery();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onChord, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onChord, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
