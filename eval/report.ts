// Turns per-query outcomes into the markdown tables of eval/results.md (and README's "Search quality").
import { mean } from './metrics';
import { CATEGORIES, type Category } from './querySet';

export interface QueryOutcome {
  slice: string;
  queryId: string;
  category: Category;
  /** The mode asked for. */
  mode: string;
  /** The mode that ran, and why when it differs. */
  ranMode: string;
  modeNote: string | null;
  recall: number;
  reciprocalRank: number;
  ndcg: number;
  tookMs: number;
}

type Measure = 'recall' | 'reciprocalRank' | 'ndcg';
const MEASURE_NAMES: Record<Measure, string> = { recall: 'recall@10', reciprocalRank: 'MRR@10', ndcg: 'nDCG@10' };

function format(value: number): string {
  return Number.isNaN(value) ? '–' : value.toFixed(3);
}

function averageOf(outcomes: QueryOutcome[], measure: Measure): number {
  return mean(outcomes.map((outcome) => outcome[measure]));
}

/** The mode label of a row: a mode that fell back (hyde without a language model) says what ran instead. */
function modeLabel(mode: string, outcomes: QueryOutcome[]): string {
  if (mode === 'auto') return mode;
  const fellBack = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.mode === mode && outcome.ranMode !== mode) fellBack.set(outcome.ranMode, (fellBack.get(outcome.ranMode) ?? 0) + 1);
  }
  if (fellBack.size === 0) return mode;
  return `${mode} (${[...fellBack].map(([ranMode, count]) => `${count} ran as ${ranMode}`).join(', ')})`;
}

export function overallTable(outcomes: QueryOutcome[], modes: readonly string[]): string[] {
  const lines = ['| mode | recall@10 | MRR@10 | nDCG@10 | mean ms |', '|---|---|---|---|---|'];
  for (const mode of modes) {
    const rows = outcomes.filter((outcome) => outcome.mode === mode);
    const cells = (['recall', 'reciprocalRank', 'ndcg'] as Measure[]).map((measure) => format(averageOf(rows, measure)));
    lines.push(`| ${modeLabel(mode, outcomes)} | ${cells.join(' | ')} | ${Math.round(mean(rows.map((row) => row.tookMs)))} |`);
  }
  return lines;
}

/** Columns for the categories the outcomes hold (a set without described queries has no described column). */
export function categoryTable(outcomes: QueryOutcome[], modes: readonly string[], measure: Measure): string[] {
  const categories = CATEGORIES.filter((category) => outcomes.some((outcome) => outcome.category === category));
  const counts = categories.map(
    (category) =>
      new Set(outcomes.filter((outcome) => outcome.category === category).map((outcome) => `${outcome.slice}/${outcome.queryId}`)).size,
  );
  const lines = [
    `| ${MEASURE_NAMES[measure]} | ${categories.map((category, index) => `${category} (${counts[index]})`).join(' | ')} | all |`,
    `|---|${categories.map(() => '---').join('|')}|---|`,
  ];
  for (const mode of modes) {
    const rows = outcomes.filter((outcome) => outcome.mode === mode);
    const cells = categories.map((category) =>
      format(
        averageOf(
          rows.filter((row) => row.category === category),
          measure,
        ),
      ),
    );
    lines.push(`| ${modeLabel(mode, outcomes)} | ${cells.join(' | ')} | ${format(averageOf(rows, measure))} |`);
  }
  return lines;
}

export function sliceTable(outcomes: QueryOutcome[], modes: readonly string[]): string[] {
  const slices = [...new Set(outcomes.map((outcome) => outcome.slice))];
  const lines = [`| nDCG@10 | ${slices.join(' | ')} |`, `|---|${slices.map(() => '---').join('|')}|`];
  for (const mode of modes) {
    const cells = slices.map((slice) =>
      format(
        averageOf(
          outcomes.filter((outcome) => outcome.mode === mode && outcome.slice === slice),
          'ndcg',
        ),
      ),
    );
    lines.push(`| ${modeLabel(mode, outcomes)} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The distinct notes each mode ran with (hyde's fallback, the reranker that ran), to print under the tables. */
export function modeNotes(outcomes: QueryOutcome[], modes: readonly string[]): string[] {
  const lines: string[] = [];
  for (const mode of modes) {
    if (mode === 'auto') continue;
    const notes = [
      ...new Set(
        outcomes
          .filter((outcome) => outcome.mode === mode && outcome.modeNote)
          .map((outcome) => outcome.modeNote!.replace(/top \d+ hybrid/, 'top N hybrid')),
      ),
    ];
    for (const note of notes) lines.push(`- \`${mode}\`: ${note}`);
  }
  return lines;
}
