// `lantern ask`'s human output on a real answer from usrp-users mail: the words that answer, the answer, and each
// source with its quote, the answer span marked inside it.
import { beforeAll, describe, expect, test } from 'vitest';
import { readCorpusPassages } from '../../engine/answer/corpusPassages';
import { extractAnswer } from '../../engine/answer/extractive';
import type { Passage } from '../../engine/answer/types';
import { formatAnswer } from './askCommand';

let passages: Passage[] = [];

beforeAll(async () => {
  passages = await readCorpusPassages('usrp-users-list.mbox.gz', 53);
});

describe('lantern ask, human output', () => {
  test('shows the answer span first and marks it in the quote', () => {
    const answer = extractAnswer('When is the RFNoC workshop?', passages);
    const citation = answer.citations[0]!;
    const spanText = citation.quote.slice(citation.span!.start, citation.span!.end);
    const lines = formatAnswer(answer).split('\n');
    expect(lines[0]).toBe(`Answer: ${spanText}`);
    expect(lines).toContain(answer.answer);
    expect(lines.find((line) => line.startsWith('[1] '))).toContain(citation.id);
    expect(formatAnswer(answer)).toContain(`»${spanText}«`);
  });

  test('a refusal is printed as it is, with no answer line', () => {
    const answer = extractAnswer('What is the capital of France?', passages);
    expect(formatAnswer(answer)).toBe('I could not find this in your mail.');
  });
});
