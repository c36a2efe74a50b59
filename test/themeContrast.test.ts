// Both themes keep WCAG AA contrast: every text colour on every surface it is drawn on, read from theme.css itself.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './corpus';

type Scheme = 'light' | 'dark';

/** `--name: light-dark(#light, #dark)` lines of theme.css: the colours of both themes. */
function themeColours(css: string): Map<string, Record<Scheme, string>> {
  const colours = new Map<string, Record<Scheme, string>>();
  for (const match of css.matchAll(/--([a-z-]+):\s*light-dark\(\s*(#[0-9a-f]{6})\s*,\s*(#[0-9a-f]{6})\s*\)/gi)) {
    colours.set(match[1]!, { light: match[2]!, dark: match[3]! });
  }
  return colours;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const SURFACES = ['bg-app', 'bg-pane', 'bg-sidebar', 'bg-hover', 'bg-input'];
/** Text at 4.5:1 (AA body text); focus rings and meters at 3:1 (AA for interface parts). */
const PAIRS: { foreground: string; backgrounds: string[]; minimum: number }[] = [
  { foreground: 'text', backgrounds: [...SURFACES, 'bg-selected', 'bg-selected-strong', 'accent-soft'], minimum: 4.5 },
  { foreground: 'text-muted', backgrounds: [...SURFACES, 'bg-selected', 'accent-soft'], minimum: 4.5 },
  { foreground: 'text-faint', backgrounds: ['bg-pane', 'bg-sidebar'], minimum: 4.5 },
  { foreground: 'text-mark', backgrounds: ['bg-mark'], minimum: 4.5 },
  { foreground: 'text-warning', backgrounds: ['bg-warning'], minimum: 4.5 },
  { foreground: 'text-error', backgrounds: ['bg-error', 'bg-pane', 'bg-sidebar'], minimum: 4.5 },
  { foreground: 'accent', backgrounds: ['bg-pane', 'bg-sidebar', 'bg-app', 'accent-soft'], minimum: 4.5 },
  { foreground: 'text-on-accent', backgrounds: ['accent', 'accent-hover'], minimum: 4.5 },
  { foreground: 'focus-ring', backgrounds: ['bg-pane', 'bg-sidebar', 'bg-app'], minimum: 3 },
  { foreground: 'success', backgrounds: ['bg-pane', 'bg-hover'], minimum: 3 },
];

describe('theme contrast', async () => {
  const colours = themeColours(await readFile(join(repoRoot, 'src/renderer/src/app/theme.css'), 'utf8'));

  test('theme.css gives every colour used here for both themes', () => {
    const needed = new Set(PAIRS.flatMap((pair) => [pair.foreground, ...pair.backgrounds]));
    expect([...needed].filter((name) => !colours.has(name))).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: every pair reaches its minimum`, () => {
      const failures: string[] = [];
      for (const { foreground, backgrounds, minimum } of PAIRS) {
        for (const background of backgrounds) {
          const ratio = contrast(colours.get(foreground)![scheme], colours.get(background)![scheme]);
          if (ratio < minimum) failures.push(`${foreground} on ${background}: ${ratio.toFixed(2)} < ${minimum}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
