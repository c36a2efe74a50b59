// Where a key moves the selection in the gallery's grid of cards: arrows by one card or one row, Home and End to the ends.

/** The card selected after `key`, or null when the key does not move (or moving would leave the grid). */
export function galleryMove(key: string, selected: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const perRow = Math.max(1, columns);
  const target = (() => {
    switch (key) {
      case 'ArrowRight':
        return selected + 1;
      case 'ArrowLeft':
        return selected - 1;
      case 'ArrowDown':
        return selected + perRow;
      case 'ArrowUp':
        return selected - perRow;
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return null;
    }
  })();
  if (target === null) return null;
  // Down from the last full row lands on the last card, as a file manager's grid does; up from the first row stays.
  if (key === 'ArrowDown' && target >= count)
    return selected < count - 1 && Math.floor(selected / perRow) < Math.floor((count - 1) / perRow) ? count - 1 : null;
  return target >= 0 && target < count ? target : null;
}
