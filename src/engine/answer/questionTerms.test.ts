// The names a question pins down, which mail must hold to answer it, in the forms mail writes them.
import { describe, expect, test } from 'vitest';
import { anchorPatterns } from './questionTerms';

function holdsAll(question: string, mail: string): boolean {
  return anchorPatterns(question).every((pattern) => pattern.test(mail.toLowerCase()));
}

describe('anchorPatterns', () => {
  test('an event named with a two-digit year is met by the name with the full year, and not by another year', () => {
    expect(holdsAll('Where is GRCon21 held?', 'GRCon 2021 will be held in Charlotte, NC')).toBe(true);
    expect(holdsAll('Where is GRCon21 held?', 'See you at GRCon21!')).toBe(true);
    expect(holdsAll('Where is GRCon21 held?', 'GRCon 2022 will be held in Washington, DC')).toBe(false);
    expect(holdsAll('Where will GRCon20 be held?', 'GRCon19 will be held in Huntsville')).toBe(false);
  });

  test('models keep their digits whole', () => {
    expect(holdsAll('What does the X310 weigh?', 'the X3100 is new')).toBe(false);
    expect(holdsAll('What does the X310 weigh?', 'the X 310 weighs 1.7 kg')).toBe(true);
  });
});
