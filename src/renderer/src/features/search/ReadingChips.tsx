// Words that read as a constraint or as words ("today" as a date / as a word): one pair of chips each, the reading the
// results use pressed, the other one search away.
import type { AlternativeReading, ReadingFlip } from '../../../../shared/query/ast';

export interface ReadingChipsProps {
  alternative: AlternativeReading;
  /** Searches the other reading; absent when that reading is the one shown (the typed one found nothing). */
  onFlip?: () => void;
}

/** What a constraint reads as, in words: "a date", "a kind of attachment", "a person". */
function constraintName(meaning: string): string {
  const operator = meaning.slice(0, meaning.indexOf(':'));
  if (operator === 'date') return 'a date';
  if (operator === 'has') return 'an attachment kind';
  return 'a person';
}

function countText(total: number | undefined): string {
  return total === undefined ? '' : ` (${total})`;
}

export function ReadingChips({ alternative, onFlip }: ReadingChipsProps) {
  // The results use the constraints when the alternative offered is the words, or when the constraints were shown for words that found nothing.
  const usesConstraints = (alternative.reads === 'words') !== (alternative.isShown === true);
  const chip = (flip: ReadingFlip, asConstraint: boolean) => {
    const isCurrent = asConstraint === usesConstraints;
    const label = `${flip.text} as ${asConstraint ? constraintName(flip.meaning) : 'a word'}`;
    return (
      <button
        type="button"
        className={`reading-chip ${isCurrent ? 'is-current' : ''}`}
        aria-pressed={isCurrent}
        disabled={isCurrent || onFlip === undefined}
        title={asConstraint ? `Read as ${flip.meaning}` : `Search the words “${flip.text}” as typed`}
        onClick={onFlip}
        data-testid={asConstraint ? 'reading-constraint' : 'reading-words'}
      >
        {label}
        {isCurrent ? '' : countText(alternative.isShown ? 0 : alternative.total)}
      </button>
    );
  };
  return (
    <span className="readings" role="group" aria-label="How your words were read" data-testid="reading-chips">
      {alternative.flips.map((flip) => (
        <span key={`${flip.span.start}-${flip.meaning}`} className="reading-pair">
          {chip(flip, true)}
          {chip(flip, false)}
        </span>
      ))}
    </span>
  );
}
