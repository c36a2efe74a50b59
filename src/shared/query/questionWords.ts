// The words a question opens with, in one place for the plain-English pass, routing and the answer pane.

/** Words that ask for a thing: a person, a time, a place, a reason, a way. */
export const QUESTION_WORDS = ['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how'] as const;

/** Verbs a yes-no question opens with ("did Anna send it", "is the deadline Friday"). */
export const QUESTION_VERBS = [
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'has',
  'have',
  'had',
  'shall',
  'may',
  'must',
] as const;

const OPENING = new RegExp(`^(${[...QUESTION_WORDS, ...QUESTION_VERBS].join('|')})\\b`, 'i');

/** Whether text is worded as a question: it opens with a question word or verb, or ends with "?". */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return OPENING.test(trimmed) || trimmed.endsWith('?');
}
