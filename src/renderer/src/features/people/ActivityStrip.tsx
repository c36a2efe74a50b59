// A person's messages month by month as a strip of bars, quiet months as gaps, described in one sentence for screen readers.
import type { PersonMonth } from '../../../../shared/model/people';
import { formatCount } from '../../ui/format';

const HEIGHT = 40;
/** A few months would stretch into wide blocks: bars stay at most this wide, the strip as wide as its months need. */
const MONTH_WIDTH_PX = 24;

function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function ActivityStrip({ months }: { months: readonly PersonMonth[] }) {
  if (months.length === 0) return null;
  const busiest = months.reduce((best, month) => (month.messages > best.messages ? month : best), months[0]!);
  const peak = Math.max(1, busiest.messages);
  const summary =
    `Messages by month from ${monthName(months[0]!.month)} to ${monthName(months.at(-1)!.month)}; ` +
    `busiest ${monthName(busiest.month)} with ${formatCount(busiest.messages)}`;
  return (
    <figure className="person-strip" data-testid="person-strip">
      <svg
        style={{ maxWidth: months.length * MONTH_WIDTH_PX }}
        viewBox={`0 0 ${months.length} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        {months.map((month, index) => {
          const height = month.messages === 0 ? 0 : Math.max(2, (month.messages / peak) * HEIGHT);
          return (
            <rect key={month.month} x={index + 0.1} width={0.8} y={HEIGHT - height} height={height}>
              <title>{`${monthName(month.month)}: ${formatCount(month.messages)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="person-strip-axis muted" style={{ maxWidth: Math.max(months.length * MONTH_WIDTH_PX, 150) }}>
        <span>{monthName(months[0]!.month)}</span>
        {months.length > 1 && <span>{monthName(months.at(-1)!.month)}</span>}
      </figcaption>
    </figure>
  );
}
