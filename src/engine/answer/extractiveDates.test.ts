// "When" answers on real usrp-users mail: an announcement's own Date header answers when it was announced, and a
// relative date ("last week", "on Tuesday") is given with the date of the mail that says it.
import { describe, expect, test } from 'vitest';
import { messageAt as corpusMessageAt, numbered } from '../../../test/answerPassages';
import { extractAnswer } from './extractive';
import type { Passage } from './types';

const CORPUS = 'usrp-users-list.mbox.gz';

const messageAt = (index: number): Promise<Passage> => corpusMessageAt(CORPUS, index);

describe('when was it announced', () => {
  test('the announcement is dated by its own Date header, not by a reply naming a weekday', async () => {
    const release = await messageAt(524);
    const reply = await messageAt(525);
    expect(reply.subject).toBe('Re: [USRP-users] [UHD] 3.14.1.0 Release Announcement');
    // A reply as people write them: when they installed the release, not when it came out.
    const installed = { ...reply, text: `${reply.subject}\n\nI installed UHD 3.14.1.0 on Tuesday, and our X310s run well with it.` };
    const answer = extractAnswer('When was UHD 3.14.1.0 released?', numbered([installed, release]));
    expect(answer.answer).toMatch(/^On 8 July 2019, Michael West wrote: "UHD 3\.14\.1\.0 is now available!"/);
    expect(answer.citations.map((citation) => citation.subject)).toEqual([release.subject]);
  });
});

describe('relative dates', () => {
  test('a sentence dated "next Wednesday" is given with the date of its mail', async () => {
    const release = await messageAt(524);
    const notice = {
      ...release,
      messageId: 'maintenance-notice',
      subject: '[USRP-users] Mailing list maintenance',
      text: '[USRP-users] Mailing list maintenance\n\nThe mailing list server maintenance will happen next Wednesday.',
    };
    const answer = extractAnswer('When is the mailing list server maintenance?', numbered([notice]));
    expect(answer.answer).toMatch(/^On 8 July 2019, Michael West wrote: "The mailing list server maintenance will happen next Wednesday/);
  });

  test('a sentence with a day of the month keeps its own date', async () => {
    const release = await messageAt(524);
    const notice = {
      ...release,
      messageId: 'maintenance-notice',
      subject: '[USRP-users] Mailing list maintenance',
      text: '[USRP-users] Mailing list maintenance\n\nThe mailing list server maintenance will happen on Wednesday July 17.',
    };
    const answer = extractAnswer('When is the mailing list server maintenance?', numbered([notice]));
    expect(answer.answer).toMatch(/^The mailing list server maintenance will happen on Wednesday July 17 \[1\]\.$/);
  });
});

describe('one date for one event', () => {
  test('a runner-up dated only by its mail is no second answer: the next release announcement is not cited', async () => {
    // The 3.14.1.1 announcement says it is "ABI compatible with 3.14.1.0", and went out on 1 October 2019.
    const release = await messageAt(524);
    const next = await messageAt(1090);
    const answer = extractAnswer('When was UHD 3.14.1.0 released?', numbered([release, next]));
    expect(answer.answer).toBe('On 8 July 2019, Michael West wrote: "UHD 3.14.1.0 is now available!" [1]');
    expect(answer.citations.map((citation) => citation.subject)).toEqual([release.subject]);
  });
});

describe('versions', () => {
  test('"UHD 4.0" is the UHD 4.0.0.0 that a release announcement names', async () => {
    const release = await messageAt(524);
    // The 3.14.1.0 announcement as the 4.0.0.0 one would read: the list writes versions out in four parts.
    const renamed = (text: string): string => text.replaceAll('3.14.1.0', '4.0.0.0');
    const announcement = { ...release, subject: renamed(release.subject), text: renamed(release.text) };
    const answer = extractAnswer('When was UHD 4.0 released?', numbered([announcement]));
    expect(answer.answer).toMatch(/^On 8 July 2019, Michael West wrote: /);
    expect(answer.citations.map((citation) => citation.subject)).toEqual([announcement.subject]);
  });
});
