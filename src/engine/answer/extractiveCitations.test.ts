// The extractive provider cites fewer, better mails: only the mails that hold the kind of answer asked for, as well
// as the best one holds it, on real usrp-users mail.
import { describe, expect, test } from 'vitest';
import { messageAt as corpusMessageAt, numbered } from '../../../test/answerPassages';
import { readCorpusPassages } from './corpusPassages';
import { extractAnswer } from './extractive';
import type { Passage } from './types';

const CORPUS = 'usrp-users-list.mbox.gz';

const messageAt = (index: number): Promise<Passage> => corpusMessageAt(CORPUS, index);

describe('where', () => {
  test('a named place answers "where is X held", and a sentence naming only "the conference hotel" is no second source', async () => {
    const reminders = await messageAt(470);
    const schedule = await messageAt(761);
    expect(reminders.subject).toContain('GRCon19 Updates');
    expect(schedule.subject).toContain('GRCon19 Schedule is Live');
    const answer = extractAnswer('Where is GRCon19 held?', numbered([reminders, schedule]));
    expect(answer.answer).toMatch(/^We look forward to seeing everyone in Huntsville/);
    expect(answer.citations.map((citation) => citation.subject)).toEqual([schedule.subject]);
  });
});

describe('what something is', () => {
  test('"what kind of antenna is X" cites the mail that says what it is, not mail that only uses one', async () => {
    const user = await messageAt(407);
    const thread = await readCorpusPassages(CORPUS, 197, 194);
    expect(user.text).toContain('VERT2450 antenna for both');
    const answer = extractAnswer('What kind of antenna is the VERT2450?', numbered([user, ...thread]));
    expect(answer.answer).toMatch(/^According to this, it is a dipole/);
    expect(answer.citations.map((citation) => citation.subject)).toEqual(['Re: [USRP-users] vert 2450 quarter wave monopole?']);
  });
});

describe('who sent it', () => {
  test('when the sender is the answer, another mail of the same sender adds no second answer', async () => {
    // The 3.14.1.1 announcement says it is "ABI compatible with 3.14.1.0": on topic, but the same Michael West again.
    const release = await messageAt(524);
    const next = await messageAt(1090);
    expect(next.subject).toContain('3.14.1.1 Release Announcement');
    const answer = extractAnswer('Who announced the UHD 3.14.1.0 release?', numbered([release, next]));
    expect(answer.answer).toMatch(/^Michael West wrote/);
    expect(answer.citations.map((citation) => citation.subject)).toEqual([release.subject]);
  });
});
