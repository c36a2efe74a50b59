// The query edits of timeline drags and facet clicks: whole terms in and out, aliases and quotes read as the parser does.
import { describe, expect, it } from 'vitest';
import { hasTerm, toggleTerm, withDateRange } from './timelineTerms';

describe('timeline terms', () => {
  it('adds a facet term at the end and takes it out on the second click', () => {
    const added = toggleTerm('budget has:pdf', 'from:anna@example.com');
    expect(added).toBe('budget has:pdf from:anna@example.com');
    expect(hasTerm(added, 'from:anna@example.com')).toBe(true);
    expect(toggleTerm(added, 'from:anna@example.com')).toBe('budget has:pdf');
  });

  it('reads the term as typed another way: case, an alias, quotes', () => {
    expect(hasTerm('label:"/Work Projects" x', 'in:"/work projects"')).toBe(true);
    expect(toggleTerm('FROM:Anna@Example.com budget', 'from:anna@example.com')).toBe('budget');
    expect(toggleTerm('', 'date:2024')).toBe('date:2024');
  });

  it('never counts a negated term as the facet: -from:anna stays and from:anna is added', () => {
    expect(hasTerm('-from:anna', 'from:anna')).toBe(false);
    expect(toggleTerm('-from:anna', 'from:anna')).toBe('-from:anna from:anna');
  });

  it('puts a dragged range in place of the after: and before: terms, keeping the rest', () => {
    expect(withDateRange('sqpoll after:2020-01-01 since:2020-02-01 before:2021-01-01 from:axboe', '2020-03-01', '2020-06-01')).toBe(
      'sqpoll from:axboe after:2020-03-01 before:2020-06-01',
    );
    expect(withDateRange('', '2024-01-01', '2024-01-02')).toBe('after:2024-01-01 before:2024-01-02');
    expect(withDateRange('-after:2020-01-01 x', '2024-01-01', '2025-01-01')).toBe('-after:2020-01-01 x after:2024-01-01 before:2025-01-01');
  });
});
