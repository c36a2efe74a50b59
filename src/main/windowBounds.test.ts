import { describe, expect, it } from 'vitest';
import { restorableBounds } from './windowBounds';

const laptop = { x: 0, y: 0, width: 1920, height: 1080 };
const monitorOnRight = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('restorableBounds', () => {
  const saved = { x: 2100, y: 100, width: 1400, height: 900, isMaximized: false };

  it('keeps bounds that are on a current display', () => {
    expect(restorableBounds(saved, [laptop, monitorOnRight])).toEqual(saved);
  });

  it('drops bounds on a display that is gone', () => {
    expect(restorableBounds(saved, [laptop])).toBeNull();
  });

  it('drops bounds whose title bar is above the screen', () => {
    expect(restorableBounds({ ...saved, x: 100, y: -400 }, [laptop])).toBeNull();
  });

  it('drops hand-edited or missing values', () => {
    expect(restorableBounds(undefined, [laptop])).toBeNull();
    expect(restorableBounds({ ...saved, width: 'wide' }, [laptop, monitorOnRight])).toBeNull();
    expect(restorableBounds({ ...saved, width: 10 }, [laptop, monitorOnRight])).toBeNull();
  });
});
