// The labelled questions of the answer evaluation: read from questions.json and checked entry by entry.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const answerableGold = z.object({
  /** Acceptable answers; one of them, case-insensitive, must appear in the answer text. */
  answers: z.array(z.string().min(1)).min(1),
  /** RFC Message-IDs (without angle brackets) of the mails that hold the answer. */
  messageIds: z.array(z.string().min(1)).min(1),
});
const refusalGold = z.object({ refuse: z.literal(true) });

const evalQuestion = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  question: z.string().min(1),
  gold: z.union([answerableGold, refusalGold]),
});

export type EvalQuestion = z.infer<typeof evalQuestion>;
export type AnswerableGold = z.infer<typeof answerableGold>;

export function isAnswerable(gold: EvalQuestion['gold']): gold is AnswerableGold {
  return 'answers' in gold;
}

/** Every entry is checked; the error names each bad entry and what is wrong with it, so a typo is found at once. */
export function parseQuestions(json: unknown, source: string): EvalQuestion[] {
  if (!Array.isArray(json)) throw new Error(`answers eval: ${source} must hold a JSON array of questions`);
  const problems: string[] = [];
  const questions: EvalQuestion[] = [];
  const seenIds = new Set<string>();
  json.forEach((entry: unknown, index) => {
    const parsed = evalQuestion.safeParse(entry);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`).join('; ');
      problems.push(`entry ${index + 1}: ${detail}`);
      return;
    }
    if (seenIds.has(parsed.data.id)) problems.push(`entry ${index + 1}: id "${parsed.data.id}" is used twice`);
    seenIds.add(parsed.data.id);
    questions.push(parsed.data);
  });
  if (problems.length > 0) throw new Error(`answers eval: ${source} has ${problems.length} bad entries:\n  ${problems.join('\n  ')}`);
  return questions;
}

export async function loadQuestions(file: string): Promise<EvalQuestion[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`answers eval: cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseQuestions(json, file);
}
