// Windowing for the folder tree: which of its fixed-height rows are in view of the scrolling pane (plus a margin),
// so only those are drawn however many folders there are.
import { useEffect, useState, type RefObject } from 'react';

/** Every row is this tall (CSS keeps it so), which lets the tree place and draw rows by arithmetic alone. */
export const TREE_ROW_HEIGHT = 32;
const OVERSCAN = 10;

export interface RowWindow {
  first: number;
  /** One past the last row drawn. */
  last: number;
}

/** `scroller` scrolls; `rows` is the element inside it that holds the rows, whose own top may be below other content. */
export function useRowWindow(scroller: RefObject<HTMLElement | null>, rows: RefObject<HTMLElement | null>, count: number): RowWindow {
  const [view, setView] = useState({ top: 0, height: 900 });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = (): void => {
      const offset = rows.current ? rows.current.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop : 0;
      setView({ top: element.scrollTop - offset, height: element.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (rows.current) observer.observe(rows.current);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [scroller, rows]);

  const first = Math.max(0, Math.min(count, Math.floor(view.top / TREE_ROW_HEIGHT) - OVERSCAN));
  const last = Math.max(first, Math.min(count, Math.ceil((view.top + view.height) / TREE_ROW_HEIGHT) + OVERSCAN));
  return { first, last };
}

/** Scrolls `scroller` just enough to show row `index` of `holder`. */
export function scrollToRow(scroller: HTMLElement, holder: HTMLElement, index: number): void {
  const offset = holder.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  const top = offset + index * TREE_ROW_HEIGHT;
  if (top < scroller.scrollTop) scroller.scrollTop = top;
  else if (top + TREE_ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight)
    scroller.scrollTop = top + TREE_ROW_HEIGHT - scroller.clientHeight;
}
