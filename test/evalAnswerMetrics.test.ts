// The answer evaluation's scoring (eval/answers/metrics.ts) on hand-made outcomes whose rates are counted by hand,
// and the question file's checks; here because vitest runs src/ and test/, not eval/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { containsAnswer, normalizeMessageId, rate, scoreQuestion, summarize, type QuestionOutcome } from '../eval/answers/metrics';
import { isAnswerable, parseQuestions, type EvalQuestion } from '../eval/answers/questions';
import { formatTable } from '../eval/answers/report';
import { repoRoot } from './corpus';

const who: EvalQuestion = {
  id: 'who-1',
  kind: 'who',
  question: 'Who announced the N320?',
  gold: { answers: ['Markus Unger'], messageIds: ['<a@x>', 'b@x'] },
};
const when: EvalQuestion = {
  id: 'when-1',
  kind: 'when',
  question: 'When?',
  gold: { answers: ['8 May 2019', 'May 8'], messageIds: ['c@x'] },
};
const absent: EvalQuestion = { id: 'refuse-1', kind: 'refuse', question: 'What is the price?', gold: { refuse: true } };
const absent2: EvalQuestion = { ...absent, id: 'refuse-2' };

function outcome(question: EvalQuestion, answer: string, cited: string[], retrieved: string[] = cited): QuestionOutcome {
  const refused = answer === 'I could not find this in your mail.';
  return { question, answer, refused, citedMessageIds: cited, retrievedMessageIds: retrieved };
}

describe('containsAnswer', () => {
  test('ignores case and runs of white space, and needs the whole answer string', () => {
    expect(containsAnswer('MARKUS   UNGER wrote: "..."', ['Markus Unger'])).toBe(true);
    expect(containsAnswer('Markus\nUnger', ['markus unger'])).toBe(true);
    expect(containsAnswer('Markus wrote', ['Markus Unger'])).toBe(false);
    expect(containsAnswer('On 8 May 2019, Neel wrote', ['May 8, 2019', '8 May 2019'])).toBe(true);
    expect(containsAnswer('anything', ['', '  '])).toBe(false);
  });

  test('Message-IDs compare without angle brackets', () => {
    expect(normalizeMessageId(' <a@x> ')).toBe('a@x');
    expect(normalizeMessageId('a@x')).toBe('a@x');
  });
});

describe('scoreQuestion and summarize', () => {
  const outcomes = [
    // Right answer, 2 citations of which 1 is gold (the bracketed gold id matches the bare one).
    outcome(who, 'Markus Unger wrote: "..." [1] Neel wrote: "..." [2]', ['a@x', 'z@x']),
    // Wrong answer citing a gold message.
    outcome(when, 'On 9 May 2019, Neel wrote [1]', ['c@x']),
    // A false refusal with the gold message retrieved.
    outcome({ ...when, id: 'when-2' }, 'I could not find this in your mail.', [], ['c@x', 'q@x']),
    outcome(absent, 'I could not find this in your mail.', []),
    // Should have refused; its citation does not count against precision.
    outcome(absent2, 'The price is $5 [1].', ['p@x']),
  ];
  const scores = outcomes.map(scoreQuestion);

  test('per question', () => {
    expect(scores[0]).toMatchObject({
      isAnswerable: true,
      isAnswerFound: true,
      citations: 2,
      citationsInGold: 1,
      isGoldCited: true,
      isGoldRetrieved: true,
      refused: false,
    });
    expect(scores[1]).toMatchObject({ isAnswerFound: false, citations: 1, citationsInGold: 1, isGoldCited: true });
    expect(scores[2]).toMatchObject({ refused: true, isAnswerFound: false, citations: 0, isGoldCited: false, isGoldRetrieved: true });
    expect(scores[3]).toMatchObject({ isAnswerable: false, refused: true });
    expect(scores[4]).toMatchObject({ isAnswerable: false, refused: false, citationsInGold: 0 });
  });

  test('per kind and overall, by hand: 2/3 answers missed, 2 of 3 citations in gold, 1 false refusal, 1 of 2 right refusals', () => {
    const rows = summarize(scores);
    expect(rows.map((row) => row.kind)).toEqual(['who', 'when', 'refuse', 'overall']);
    expect(rows[1]).toMatchObject({
      questions: 2,
      answerable: 2,
      answersFound: 0,
      citations: 1,
      citationsInGold: 1,
      goldCited: 1,
      goldRetrieved: 2,
      falseRefusals: 1,
    });
    expect(rows[2]).toMatchObject({ questions: 2, unanswerable: 2, correctRefusals: 1, citations: 0 });
    expect(rows[3]).toMatchObject({
      questions: 5,
      answerable: 3,
      unanswerable: 2,
      answersFound: 1,
      citations: 3,
      citationsInGold: 2,
      goldCited: 2,
      falseRefusals: 1,
      correctRefusals: 1,
    });
    expect(rate(2, 3)).toBeCloseTo(0.6667, 4);
    expect(rate(0, 0)).toBeNull();
    const table = formatTable(rows);
    expect(table).toContain('| **overall** | 5 | 1/3 (33%) | 2/3 (67%) | 2/3 (67%) | 3/3 (100%) | 1/3 (33%) | 1/2 (50%) |');
    expect(table).toContain('| refuse | 2 | – | – | – | – | – | 1/2 (50%) |');
  });
});

describe('questions file', () => {
  test('names every bad entry', () => {
    expect(() =>
      parseQuestions([who, { id: 'x', kind: 'who', question: 'q', gold: { answers: [], messageIds: ['a'] } }, who], 'q.json'),
    ).toThrow(/q\.json has 2 bad entries:\n {2}entry 2: gold.*\n {2}entry 3: id "who-1" is used twice/);
    expect(() => parseQuestions({}, 'q.json')).toThrow(/must hold a JSON array/);
  });

  test('the labelled set has at least 40 questions, 8 of them unanswerable, and every kind of question the answer pane must answer', async () => {
    const questions = parseQuestions(JSON.parse(await readFile(join(repoRoot, 'eval/answers/questions.json'), 'utf8')), 'questions.json');
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(questions.filter((question) => !isAnswerable(question.gold)).length).toBeGreaterThanOrEqual(8);
    const kinds = new Set(questions.map((question) => question.kind));
    for (const kind of ['who', 'when', 'where', 'what', 'how-many', 'how-much', 'people-date', 'refuse'])
      expect(kinds, kind).toContain(kind);
  });
});
