// The feature reranker's parts with values worked out by hand.
import { describe, expect, test } from 'vitest';
import { candidateFeatures, FEATURE_WEIGHTS, featureScores, proximity, termWeights, type RerankCandidate } from './rerankFeatures';

const words = (text: string): string[] => text.split(' ');

describe('proximity', () => {
  test('is 1 for the words side by side, found / shortest window otherwise', () => {
    const terms = new Set(['sqpoll', 'cpu']);
    expect(proximity(words('high sqpoll cpu usage'), terms)).toBe(1);
    // "cpu is spent by the sqpoll": window of 6 words holding 2 of them.
    expect(proximity(words('the cpu is spent by the sqpoll thread'), terms)).toBeCloseTo(2 / 6);
    // The shortest of several windows counts: "sqpoll and cpu" (3 words) beats the first "cpu ... sqpoll" (5).
    expect(proximity(words('cpu a b c sqpoll and cpu'), terms)).toBeCloseTo(2 / 3);
  });

  test('needs two of the words in the text', () => {
    expect(proximity(words('only sqpoll here'), new Set(['sqpoll', 'cpu']))).toBe(0);
    expect(proximity([], new Set(['sqpoll', 'cpu']))).toBe(0);
  });

  test('holds only the words present: three query words, two found adjacent, is 1', () => {
    expect(proximity(words('x sqpoll cpu y'), new Set(['sqpoll', 'cpu', 'usage']))).toBe(1);
  });
});

describe('term weights', () => {
  test('are log(1 + N / df), one per distinct word, df at least 1', () => {
    const frequency: Record<string, number> = { the: 100, sqpoll: 4 };
    const weights = termWeights(['the', 'sqpoll', 'sqpoll', 'unseen'], (term) => frequency[term] ?? 0, 100);
    expect([...weights.keys()]).toEqual(['the', 'sqpoll', 'unseen']);
    expect(weights.get('the')).toBeCloseTo(Math.log(2));
    expect(weights.get('sqpoll')).toBeCloseTo(Math.log(26));
    expect(weights.get('unseen')).toBeCloseTo(Math.log(101));
  });
});

function candidate(fields: Partial<RerankCandidate> & Pick<RerankCandidate, 'ordinal'>): RerankCandidate {
  return { keywordRank: null, similarity: null, date: 0, subject: '', text: '', passage: '', ...fields };
}

describe('features and scores', () => {
  // "sqpoll" is rare (weight 3), "the" common (weight 1).
  const weights = new Map([
    ['sqpoll', 3],
    ['the', 1],
  ]);
  const candidates = [
    candidate({
      ordinal: 0,
      keywordRank: 0,
      similarity: 0.2,
      date: 1_000,
      subject: 'Re: the sqpoll thread',
      text: 'body about the sqpoll thread',
    }),
    candidate({ ordinal: 1, keywordRank: 5, similarity: 0.6, date: 3_000, subject: 'unrelated', text: 'the sqpoll' }),
    candidate({ ordinal: 2, similarity: 0.4, date: 2_000, subject: 'the', text: 'nothing' }),
  ];

  test('each feature as documented', () => {
    const [first, second, third] = candidateFeatures(candidates, weights);
    expect(first).toEqual({ keyword: 1, semantic: 0, subject: 1, coverage: 1, proximity: 1, recency: 0 });
    expect(second).toEqual({ keyword: 0.5, semantic: 1, subject: 0, coverage: 1, proximity: 1, recency: 1 });
    expect(third!.keyword).toBe(0);
    expect(third!.semantic).toBeCloseTo(0.5);
    expect(third!.subject).toBeCloseTo(1 / 4);
    expect(third!.coverage).toBeCloseTo(1 / 4);
    expect(third!.proximity).toBe(0);
    expect(third!.recency).toBeCloseTo(0.5);
  });

  test('the score is the weighted sum', () => {
    const [first, second, third] = featureScores(candidates, weights);
    const weight = FEATURE_WEIGHTS;
    expect(first).toBeCloseTo(weight.keyword + weight.subject + weight.coverage + weight.proximity);
    expect(second).toBeCloseTo(0.5 * weight.keyword + weight.semantic + weight.coverage + weight.proximity + weight.recency);
    expect(third).toBeCloseTo(0.5 * weight.semantic + 0.25 * weight.subject + 0.25 * weight.coverage + 0.5 * weight.recency);
  });

  test('candidates without vectors get no semantic credit, and one known similarity scales to 1', () => {
    const [withVector, without] = candidateFeatures([candidate({ ordinal: 0, similarity: 0.3 }), candidate({ ordinal: 1 })], weights);
    expect(withVector!.semantic).toBe(1);
    expect(without!.semantic).toBe(0);
  });
});

describe('a message with every word', () => {
  test('stays above one nearer in meaning that holds few of the words (the getdents patch above syzbot reports)', () => {
    const queryWeights = new Map([
      ['getdents', 4],
      ['directory', 2],
      ['reading', 1.5],
      ['io', 0.5],
      ['uring', 0.5],
    ]);
    const [patch, report] = featureScores(
      [
        candidate({
          ordinal: 0,
          keywordRank: 6,
          similarity: 0.3,
          subject: 'Re: [PATCH RFC 2/2] io_uring: add support for getdents',
          text: 'reading a directory with getdents from io_uring needs the file position lock',
        }),
        candidate({
          ordinal: 1,
          keywordRank: 15,
          similarity: 0.5,
          subject: 'Re: [syzbot] KASAN: use-after-free Read in io_wqe_worker',
          text: 'the worker frees the request while reading it',
        }),
      ],
      queryWeights,
    );
    expect(patch).toBeGreaterThan(report!);
  });
});
