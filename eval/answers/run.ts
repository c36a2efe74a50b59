// The answer pane's acceptance: asks every labelled question of questions.json over a usrp-users slice with the
// extractive provider, prints the rates per kind and writes them to eval/answers/results.md.
// Run through scripts/eval-answers.mjs: [--messages N] [--rebuild] [--questions file].
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { openEngine } from '../../src/engine/api/engine';
import type { Engine } from '../../src/engine/api/engineTypes';
import { scoreQuestion, summarize, type QuestionOutcome } from './metrics';
import { loadQuestions } from './questions';
import { formatQuestionLines, formatTable } from './report';
import { ensureStore } from './store';

/** The bundle runs from node_modules/.cache/lantern-eval-answers, three folders below the project. */
const repoRoot = resolve(import.meta.dirname, '../../..');
const corpus = resolve(repoRoot, '../shared/corpora/usrp-users-list.mbox.gz');
const DEFAULT_MESSAGES = 1500;

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

const messages = Number(option('--messages') ?? DEFAULT_MESSAGES);
if (!Number.isInteger(messages) || messages <= 0)
  throw new Error(`answers eval: --messages must be a positive whole number, not "${option('--messages')}"`);
const questionsFile = resolve(option('--questions') ?? join(repoRoot, 'eval/answers/questions.json'));
const cacheDir = join(repoRoot, '.eval-cache/answers', `usrp-${messages}`);

/** Each ask appends one line to the interaction log; its retrievedIds are what the provider was given. */
async function lastRetrievedIds(log: string): Promise<string[]> {
  const lines = (await readFile(log, 'utf8')).trim().split('\n');
  const last = JSON.parse(lines.at(-1) ?? '{}') as { retrievedIds?: string[] };
  return last.retrievedIds ?? [];
}

async function askAll(engine: Engine, log: string): Promise<QuestionOutcome[]> {
  const questions = await loadQuestions(questionsFile);
  const messageIds = new Map<string, string>();
  const toMessageIds = async (ids: string[]): Promise<string[]> => {
    const result: string[] = [];
    for (const id of ids) {
      if (!messageIds.has(id)) messageIds.set(id, (await engine.getMessage(id))?.messageId ?? `(missing ${id})`);
      result.push(messageIds.get(id)!);
    }
    return result;
  };
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) {
    const answer = await engine.ask({ question: question.question, requestId: question.id, provider: 'extractive' });
    outcomes.push({
      question,
      answer: answer.answer,
      refused: answer.refused,
      citedMessageIds: await toMessageIds(answer.citations.map((citation) => citation.id)),
      retrievedMessageIds: await toMessageIds(await lastRetrievedIds(log)),
    });
  }
  return outcomes;
}

const dataDir = await ensureStore({ corpus, messages, cacheDir, rebuild: process.argv.includes('--rebuild') });
const log = join(cacheDir, 'interactions.jsonl');
await writeFile(log, '');
const engine = await openEngine({ dataDir, timeZone: 'UTC', access: 'read', interactionLog: log });
let outcomes: QuestionOutcome[];
try {
  outcomes = await askAll(engine, log);
} finally {
  await engine.close();
}
const scores = outcomes.map(scoreQuestion);
const table = formatTable(summarize(scores));
console.log(table);
const results = [
  '# Answer evaluation: the extractive provider',
  '',
  `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'an unknown CPU'}, Node ${process.version}: ${outcomes.length} questions from ` +
    `eval/answers/questions.json over the first ${messages} messages of usrp-users-list.mbox.gz, keyword retrieval, extractive provider.`,
  '',
  '"answer found": a gold answer string appears in the answer text (a refusal counts as not found). "citation precision": cited',
  'messages whose Message-ID is a gold message, over all citations of answerable questions. "gold mail retrieved": a gold',
  "message was among the passages the provider was given, so a miss without it is retrieval's, with it the provider's.",
  '',
  table,
  '',
  '## Questions',
  '',
  formatQuestionLines(outcomes, scores),
  '',
].join('\n');
await writeFile(join(repoRoot, 'eval/answers/results.md'), results);
console.error(`answers eval: wrote eval/answers/results.md`);
