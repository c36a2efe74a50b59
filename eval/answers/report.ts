// Markdown for the answer evaluation: the table of rates per kind, and one line per question for reading failures.
import { rate, type QuestionOutcome, type QuestionScore, type SummaryRow } from './metrics';

function share(part: number, whole: number): string {
  const value = rate(part, whole);
  return value === null ? '–' : `${part}/${whole} (${Math.round(value * 100)}%)`;
}

export function formatTable(rows: SummaryRow[]): string {
  const lines = [
    '| kind | questions | answer found | citation precision | gold mail cited | gold mail retrieved | false refusals | correct refusals |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const kind = row.kind === 'overall' ? '**overall**' : row.kind;
    lines.push(
      `| ${kind} | ${row.questions} | ${share(row.answersFound, row.answerable)} | ${share(row.citationsInGold, row.citations)} | ` +
        `${share(row.goldCited, row.answerable)} | ${share(row.goldRetrieved, row.answerable)} | ${share(row.falseRefusals, row.answerable)} | ` +
        `${share(row.correctRefusals, row.unanswerable)} |`,
    );
  }
  return lines.join('\n');
}

function verdict(score: QuestionScore): string {
  if (!score.isAnswerable) return score.refused ? 'refused (right)' : 'answered (should refuse)';
  if (score.refused) return score.isGoldRetrieved ? 'refused (gold retrieved)' : 'refused (gold not retrieved)';
  const answer = score.isAnswerFound ? 'answer found' : 'answer missing';
  return `${answer}, ${score.citationsInGold}/${score.citations} citations in gold${score.isGoldRetrieved ? '' : ', gold not retrieved'}`;
}

/** The answer on one line, cut so the list stays readable. */
function oneLine(text: string, limit = 220): string {
  const flat = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

export function formatQuestionLines(outcomes: QuestionOutcome[], scores: QuestionScore[]): string {
  return outcomes
    .map((outcome, index) => {
      const score = scores[index]!;
      const isRight = score.isAnswerable ? score.isAnswerFound : score.refused;
      return `- ${isRight ? '✓' : '✗'} **${outcome.question.id}** ${outcome.question.question} — ${verdict(score)}: ${oneLine(outcome.answer)}`;
    })
    .join('\n');
}
