// Whether a query is worded as a question: one list of question words and verbs for routing, filler and answers.
import { expect, test } from 'vitest';
import { isQuestion } from './questionWords';

test.each([
  'why does sqpoll use so much cpu',
  'How do I cancel a read',
  'did Pavel send the patch',
  'budget?',
  '  who maintains liburing ',
])('%s is a question', (text) => expect(isQuestion(text)).toBe(true));

test.each(['sqpoll cpu usage', 'whatever works', 'howto', 'fixed buffers', ''])('%s is not', (text) =>
  expect(isQuestion(text)).toBe(false),
);
