// The answer pane's acceptance: asks every labelled question of two sets with the extractive provider, prints the
// rates per kind and writes them to eval/answers/results.md. The tuning set (questions.json) reads the first 1500
// usrp-users messages; the held-out set (held-out/questions.json) reads the rest of the archive and is only run,
// never read while tuning: its per-question lines go to held-out/results.md, apart from the tables.
// Run through scripts/eval-answers.mjs: [--messages N] [--rebuild] [--questions file] [--set tuning|held-out|both].
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
const TUNING_MESSAGES = 1500;
/** The rest of the 2,965-message archive: December 2019 to 2024, after the tuning slice's May to December 2019. */
const HELD_OUT_MESSAGES = 1465;

interface QuestionSet {
  name: 'tuning' | 'held-out';
  questionsFile: string;
  skip: number;
  messages: number;
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

const messages = Number(option('--messages') ?? TUNING_MESSAGES);
if (!Number.isInteger(messages) || messages <= 0)
  throw new Error(`answers eval: --messages must be a positive whole number, not "${option('--messages')}"`);
const setOption = option('--set') ?? 'both';
if (!['tuning', 'held-out', 'both'].includes(setOption))
  throw new Error(`answers eval: --set must be tuning, held-out or both, not "${setOption}"`);
const sets: QuestionSet[] = [
  {
    name: 'tuning' as const,
    questionsFile: resolve(option('--questions') ?? join(repoRoot, 'eval/answers/questions.json')),
    skip: 0,
    messages,
  },
  {
    name: 'held-out' as const,
    questionsFile: join(repoRoot, 'eval/answers/held-out/questions.json'),
    skip: TUNING_MESSAGES,
    messages: HELD_OUT_MESSAGES,
  },
].filter((set) => setOption === 'both' || set.name === setOption);

/** Each ask appends one line to the interaction log; its retrievedIds are what the provider was given. */
async function lastRetrievedIds(log: string): Promise<string[]> {
  const lines = (await readFile(log, 'utf8')).trim().split('\n');
  const last = JSON.parse(lines.at(-1) ?? '{}') as { retrievedIds?: string[] };
  return last.retrievedIds ?? [];
}

async function askAll(engine: Engine, log: string, questionsFile: string): Promise<QuestionOutcome[]> {
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

async function runSet(set: QuestionSet): Promise<{ table: string; lines: string; questions: number }> {
  const cacheDir = join(repoRoot, '.eval-cache/answers', set.skip === 0 ? `usrp-${set.messages}` : `usrp-${set.skip}-${set.messages}`);
  const dataDir = await ensureStore({
    corpus,
    skip: set.skip,
    messages: set.messages,
    cacheDir,
    rebuild: process.argv.includes('--rebuild'),
  });
  const log = join(cacheDir, 'interactions.jsonl');
  await writeFile(log, '');
  const engine = await openEngine({ dataDir, timeZone: 'UTC', access: 'read', interactionLog: log });
  let outcomes: QuestionOutcome[];
  try {
    outcomes = await askAll(engine, log, set.questionsFile);
  } finally {
    await engine.close();
  }
  const scores = outcomes.map(scoreQuestion);
  return { table: formatTable(summarize(scores)), lines: formatQuestionLines(outcomes, scores), questions: outcomes.length };
}

function sliceName(set: QuestionSet): string {
  return set.skip === 0 ? `the first ${set.messages} messages` : `the ${set.messages} messages after the first ${set.skip}`;
}

const sections: string[] = [];
const questionLines: string[] = [];
for (const set of sets) {
  const result = await runSet(set);
  console.log(`\n${set.name}:\n${result.table}`);
  sections.push(
    `## ${set.name === 'tuning' ? 'Tuning set' : 'Held-out set'}`,
    '',
    `${result.questions} questions from ${set.questionsFile.slice(repoRoot.length + 1)} over ${sliceName(set)} of usrp-users-list.mbox.gz.`,
    '',
    result.table,
    '',
  );
  if (set.name === 'tuning') questionLines.push('## Tuning questions', '', result.lines, '');
  else {
    // Kept apart so that whoever tunes the provider reads the held-out totals only, never which questions failed.
    await writeFile(
      join(repoRoot, 'eval/answers/held-out/results.md'),
      ['# Held-out answer questions, one line each', '', 'Not to be read while tuning the extractive provider.', '', result.lines, ''].join(
        '\n',
      ),
    );
  }
}
const results = [
  '# Answer evaluation: the extractive provider',
  '',
  `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'an unknown CPU'}, Node ${process.version}: keyword retrieval, extractive provider.`,
  '',
  '"answer found": a gold answer string appears in the answer text (a refusal counts as not found). "citation precision": cited',
  'messages whose Message-ID is a gold message, over all citations of answerable questions. "gold mail retrieved": a gold',
  "message was among the passages the provider was given, so a miss without it is retrieval's, with it the provider's.",
  'The held-out questions were written from the mail itself before the provider was tuned against the tuning set, and are',
  'only run: their per-question lines are in held-out/results.md.',
  '',
  ...sections,
  ...questionLines,
].join('\n');
if (sets.some((set) => set.name === 'tuning')) {
  await writeFile(join(repoRoot, 'eval/answers/results.md'), results);
  console.error('answers eval: wrote eval/answers/results.md');
}
