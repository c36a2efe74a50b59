// Window size and position to restore, kept only if it is still visible on one of the current displays.
import { z } from 'zod';

export const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  isMaximized: z.boolean(),
});

export type WindowBounds = z.infer<typeof windowBoundsSchema>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;

// A window needs this much of its title bar on screen to be grabbed and moved back.
const MINIMUM_VISIBLE = 64;

/** The saved bounds when valid and at least partly on a display (monitors get unplugged), else null. */
export function restorableBounds(saved: unknown, workAreas: readonly Rectangle[]): WindowBounds | null {
  const parsed = windowBoundsSchema.safeParse(saved);
  if (!parsed.success) return null;
  const bounds = parsed.data;
  const isVisible = workAreas.some((area) => {
    const overlapWidth = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const titleBarVisible = bounds.y >= area.y && bounds.y < area.y + area.height - MINIMUM_VISIBLE / 2;
    return overlapWidth >= MINIMUM_VISIBLE && titleBarVisible;
  });
  return isVisible ? bounds : null;
}
