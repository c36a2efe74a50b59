// The gallery's grid keys: a person moving through three columns of cards.
import { describe, expect, it } from 'vitest';
import { galleryMove } from './galleryMoves';

describe('galleryMove', () => {
  it('moves by one card with left and right, by a row with up and down', () => {
    expect(galleryMove('ArrowRight', 0, 7, 3)).toBe(1);
    expect(galleryMove('ArrowLeft', 1, 7, 3)).toBe(0);
    expect(galleryMove('ArrowDown', 1, 7, 3)).toBe(4);
    expect(galleryMove('ArrowUp', 4, 7, 3)).toBe(1);
    expect(galleryMove('Home', 5, 7, 3)).toBe(0);
    expect(galleryMove('End', 0, 7, 3)).toBe(6);
  });

  it('stays inside the grid: no move before the first card, past the last, or up from the first row', () => {
    expect(galleryMove('ArrowLeft', 0, 7, 3)).toBeNull();
    expect(galleryMove('ArrowRight', 6, 7, 3)).toBeNull();
    expect(galleryMove('ArrowUp', 2, 7, 3)).toBeNull();
    expect(galleryMove('ArrowDown', 6, 7, 3)).toBeNull();
    expect(galleryMove('Enter', 2, 7, 3)).toBeNull();
    expect(galleryMove('ArrowRight', 0, 0, 3)).toBeNull();
  });

  it('goes down from a row above a short last row to its last card', () => {
    expect(galleryMove('ArrowDown', 5, 7, 3)).toBe(6);
    expect(galleryMove('ArrowDown', 4, 7, 3)).toBe(6);
  });
});
