// Scores of the answer evaluation: per question (answer found, citations in gold, refusal right or wrong) and per kind.
import { isAnswerable, type EvalQuestion } from './questions';

/** What the engine did with one question, with citations and retrieved mail named by RFC Message-ID. */
export interface QuestionOutcome {
  question: EvalQuestion;
  answer: string;
  refused: boolean;
  citedMessageIds: string[];
  retrievedMessageIds: string[];
}

export interface QuestionScore {
  id: string;
  kind: string;
  isAnswerable: boolean;
  refused: boolean;
  /** A gold answer string appears in the answer text (never true for a refusal). */
  isAnswerFound: boolean;
  citations: number;
  citationsInGold: number;
  /** At least one cited message is a gold message. */
  isGoldCited: boolean;
  /** At least one gold message was among the passages the provider was given. */
  isGoldRetrieved: boolean;
}

/** Counts for one kind of question, or for all of them; rates are derived when printed. */
export interface SummaryRow {
  kind: string;
  questions: number;
  answerable: number;
  unanswerable: number;
  answersFound: number;
  citations: number;
  citationsInGold: number;
  goldCited: number;
  goldRetrieved: number;
  falseRefusals: number;
  correctRefusals: number;
}

/** Message-IDs are compared without their angle brackets, as the store keeps them. */
export function normalizeMessageId(id: string): string {
  return id.trim().replace(/^<|>$/g, '');
}

function foldForMatch(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim();
}

/** True when one of the acceptable answers appears in the text, ignoring case and runs of white space. */
export function containsAnswer(text: string, answers: string[]): boolean {
  const folded = foldForMatch(text);
  return answers.some((answer) => {
    const wanted = foldForMatch(answer);
    return wanted !== '' && folded.includes(wanted);
  });
}

export function scoreQuestion(outcome: QuestionOutcome): QuestionScore {
  const { question } = outcome;
  const base = {
    id: question.id,
    kind: question.kind,
    refused: outcome.refused,
    citations: outcome.refused ? 0 : outcome.citedMessageIds.length,
  };
  if (!isAnswerable(question.gold)) {
    return { ...base, isAnswerable: false, isAnswerFound: false, citationsInGold: 0, isGoldCited: false, isGoldRetrieved: false };
  }
  const gold = new Set(question.gold.messageIds.map(normalizeMessageId));
  const cited = outcome.refused ? [] : outcome.citedMessageIds.map(normalizeMessageId);
  const citationsInGold = cited.filter((id) => gold.has(id)).length;
  return {
    ...base,
    isAnswerable: true,
    isAnswerFound: !outcome.refused && containsAnswer(outcome.answer, question.gold.answers),
    citationsInGold,
    isGoldCited: citationsInGold > 0,
    isGoldRetrieved: outcome.retrievedMessageIds.some((id) => gold.has(normalizeMessageId(id))),
  };
}

function emptyRow(kind: string): SummaryRow {
  return {
    kind,
    questions: 0,
    answerable: 0,
    unanswerable: 0,
    answersFound: 0,
    citations: 0,
    citationsInGold: 0,
    goldCited: 0,
    goldRetrieved: 0,
    falseRefusals: 0,
    correctRefusals: 0,
  };
}

function add(row: SummaryRow, score: QuestionScore): void {
  row.questions += 1;
  if (!score.isAnswerable) {
    row.unanswerable += 1;
    if (score.refused) row.correctRefusals += 1;
    return;
  }
  row.answerable += 1;
  if (score.isAnswerFound) row.answersFound += 1;
  row.citations += score.citations;
  row.citationsInGold += score.citationsInGold;
  if (score.isGoldCited) row.goldCited += 1;
  if (score.isGoldRetrieved) row.goldRetrieved += 1;
  if (score.refused) row.falseRefusals += 1;
}

/**
 * One row per kind in the order kinds first appear, then 'overall'. Citation precision pools the citations of all
 * answerable questions (micro average); citations given to unanswerable questions show as wrong answers there instead.
 */
export function summarize(scores: QuestionScore[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  const overall = emptyRow('overall');
  for (const score of scores) {
    let row = rows.get(score.kind);
    if (row === undefined) {
      row = emptyRow(score.kind);
      rows.set(score.kind, row);
    }
    add(row, score);
    add(overall, score);
  }
  return [...rows.values(), overall];
}

/** A share, or null when there is nothing to divide (shown as a dash). */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
