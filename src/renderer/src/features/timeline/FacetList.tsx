// The facets of a search beside its timeline: top senders, recipients, places, years and attachment kinds, each a toggle.
import type { Facet } from '../../../../shared/model/timeline';
import { formatCount } from '../../ui/format';
import { hasTerm } from './timelineTerms';

/** Values shown per facet; the engine sends a few more, for the JSON and the CLI. */
const SHOWN = 5;

export interface FacetListProps {
  facets: readonly Facet[];
  query: string;
  /** Adds the term to the query, or takes it out when the query has it. */
  onToggle: (operator: string) => void;
}

export function FacetList({ facets, query, onToggle }: FacetListProps) {
  const shown = facets.filter((facet) => facet.values.length > 0);
  if (shown.length === 0) return null;
  return (
    <div className="timeline-facets" data-testid="timeline-facets">
      {shown.map((facet) => (
        <section key={facet.kind} className="timeline-facet" aria-label={facet.title} data-testid={`facet-${facet.kind}`}>
          <h3 className="timeline-facet-title">{facet.title}</h3>
          <ul>
            {facet.values.slice(0, SHOWN).map((value) => {
              const isActive = hasTerm(query, value.operator);
              return (
                <li key={value.operator}>
                  <button
                    type="button"
                    className={`timeline-facet-value ${isActive ? 'is-active' : ''}`}
                    aria-pressed={isActive}
                    aria-label={`${value.label}: ${formatCount(value.count)} ${isActive ? '(in the search; press to remove)' : ''}`.trim()}
                    title={isActive ? `Remove ${value.operator} from the search` : `Search ${value.operator}`}
                    onClick={() => onToggle(value.operator)}
                    data-testid="facet-value"
                    data-operator={value.operator}
                  >
                    <span className="timeline-facet-label">{value.label}</span>
                    <span className="timeline-facet-count">{formatCount(value.count)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
