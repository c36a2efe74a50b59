import { describe, expect, test } from 'vitest';
import { citationSegments } from './citationSegments';

describe('citationSegments', () => {
  test('plain text is one segment, empty text none', () => {
    expect(citationSegments('No markers here.')).toEqual([{ kind: 'text', text: 'No markers here.' }]);
    expect(citationSegments('')).toEqual([]);
  });

  test('a marker before the full stop, as the extractive provider writes it', () => {
    expect(citationSegments('The rate is 8 Ms/s [2].')).toEqual([
      { kind: 'text', text: 'The rate is 8 Ms/s ' },
      { kind: 'citation', n: 2 },
      { kind: 'text', text: '.' },
    ]);
  });

  test('adjacent markers and comma lists give one citation each', () => {
    expect(citationSegments('Vivado 2017.4 [1][7], or [3, 12]')).toEqual([
      { kind: 'text', text: 'Vivado 2017.4 ' },
      { kind: 'citation', n: 1 },
      { kind: 'citation', n: 7 },
      { kind: 'text', text: ', or ' },
      { kind: 'citation', n: 3 },
      { kind: 'citation', n: 12 },
    ]);
  });

  test('a marker still streaming in, and brackets that are not markers, stay text', () => {
    expect(citationSegments('as shown [1')).toEqual([{ kind: 'text', text: 'as shown [1' }]);
    expect(citationSegments('an array [a, b] and [] and [1-3]')).toEqual([{ kind: 'text', text: 'an array [a, b] and [] and [1-3]' }]);
  });

  test('joining the text back gives the original with markers taken out', () => {
    const text = 'A [1] B [2][3] C';
    const joined = citationSegments(text)
      .map((segment) => (segment.kind === 'text' ? segment.text : `[${segment.n}]`))
      .join('');
    expect(joined).toBe(text);
  });
});
