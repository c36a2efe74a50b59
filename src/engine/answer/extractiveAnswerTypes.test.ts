// The extractive provider answers by the kind of answer a question wants, on real usrp-users mail: a sum of money or
// "free" for what something costs, and each fact cited once, from the message that says it.
import { beforeAll, describe, expect, test } from 'vitest';
import { passageOf, readCorpusPassages } from './corpusPassages';
import { splitReplies } from '../../shared/mail/replyParts';
import { extractAnswer } from './extractive';
import type { Passage } from './types';

let passages: Passage[] = [];

beforeAll(async () => {
  passages = await readCorpusPassages('usrp-users-list.mbox.gz', 53);
});

describe('what something costs', () => {
  test('"how much does registration cost" is answered by the mail saying it is free', () => {
    const answer = extractAnswer('How much does registration for NEWSDR 2019 cost?', passages);
    expect(answer.refused).toBe(false);
    expect(answer.answer).toMatch(/\bfree\b/i);
    expect(answer.citations[0]?.id).toBe(passageOf(passages, 'NEWSDR at UMass-Boston', 'Neel').messageId);
    const quote = answer.citations[0]!.quote;
    const span = answer.citations[0]!.span!;
    expect(quote.slice(span.start, span.end)).toMatch(/^free/i);
  });

  test('a price given by comparison answers "how much does it cost"', async () => {
    // "the UBX alone costs about as much as an B210": no sum of money, but the answer.
    const reply = await readCorpusPassages('usrp-users-list.mbox.gz', 1267, 1266);
    expect(reply[0]?.subject).toContain('USRP B 210 vs USRP X 310');
    const mail = [...reply, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('How much does the UBX cost?', mail);
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('about as much as an B210');
    const citation = answer.citations[0]!;
    expect(citation.quote.slice(citation.span!.start, citation.span!.end)).toBe('about as much as an B210');
  });

  test('"feel free to contact me" is no price', () => {
    const answer = extractAnswer('How much does the E320 cost?', passages);
    expect(answer.refused).toBe(true);
  });
});

describe('citations', () => {
  test('a reply that quotes the chosen sentence with more text glued on is not cited as a second source', () => {
    const question = 'When is NEWSDR?';
    const first = extractAnswer(question, passages).citations[0]!;
    const source = passages.find((passage) => passage.messageId === first.id)!;
    const reply: Passage = {
      ...source,
      n: passages.length + 1,
      messageId: 'reply-quoting-the-announcement',
      subject: `Re: ${source.subject}`,
      text: `${first.quote} From: USRP-users <usrp-users-bounces@lists.ettus.com> on behalf of a reader`,
    };
    const answer = extractAnswer(question, [...passages, reply]);
    expect(answer.citations.map((citation) => citation.id)).toEqual([first.id]);
  });
});

describe('lists', () => {
  test('an item of a list is read with the line that introduces it', async () => {
    // "This year, our keynote speakers will be:" and then one name and company a line, in GRCon19's reminder mail.
    const reminder = await readCorpusPassages('usrp-users-list.mbox.gz', 471, 470);
    expect(reminder[0]?.subject).toContain('GRCon19 Updates');
    const answer = extractAnswer('Who is the GRCon19 keynote speaker from Canonical?', reminder);
    expect(answer.answer).toContain('Mark Shuttleworth');
    const citation = answer.citations[0]!;
    expect(citation.quote.slice(citation.span!.start, citation.span!.end)).toBe('Mark Shuttleworth');
  });
});

describe('what something is', () => {
  test('"what kind of antenna is the VERT2450?" is answered by the sentence saying what it is', async () => {
    const thread = await readCorpusPassages('usrp-users-list.mbox.gz', 197, 194);
    const user = (await readCorpusPassages('usrp-users-list.mbox.gz', 408, 407))[0]!;
    expect(user.text).toContain('VERT2450 antenna for both');
    const mail = [user, ...thread, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('What kind of antenna is the VERT2450?', mail);
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('dipole');
    const dipole = answer.citations.find((citation) => citation.quote.includes('dipole'));
    expect(dipole?.subject).toContain('vert 2450 quarter wave');
  });
});

describe('how many', () => {
  test('a count of something else is no answer: the mail must name what is counted', async () => {
    // Replies signed "Ettus Research Support" that give MTUs and sample rates, but no head count.
    const support = await readCorpusPassages('usrp-users-list.mbox.gz', 1249, 1149);
    const signed = support.filter((passage) => passage.from.name.startsWith('Ettus Research'));
    expect(signed.length).toBeGreaterThan(1);
    expect(extractAnswer('How many employees does Ettus Research have?', signed).refused).toBe(true);
  });

  test('what is counted may carry a unit prefix: "400Mbyte/second" counts bytes', async () => {
    const reply = await readCorpusPassages('usrp-users-list.mbox.gz', 964, 963);
    const question = 'How many bytes per second does streaming 200 Msps of 8-bit I/Q samples from disk need?';
    expect(extractAnswer(question, [...reply, ...passages]).answer).toContain('400Mbyte/second');
  });
});

describe('which release', () => {
  test('"which release added X" quotes "this release ..." with the subject that names the release', async () => {
    const announcement = await readCorpusPassages('usrp-users-list.mbox.gz', 525, 524);
    const mail = [...passages, ...announcement].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('Which UHD release added DPDK support for the X300?', mail);
    expect(answer.answer).toMatch(/^In "3\.14\.1\.0 Release Announcement": This release includes .*DPDK support for X300/);
  });
});

describe('where a program is', () => {
  test('"where are the example programs installed?" is answered by the folder the mail names', async () => {
    const thread = await readCorpusPassages('usrp-users-list.mbox.gz', 1045, 1041);
    expect(thread[0]?.subject).toContain('uhd example programs');
    const mail = [...thread, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('Where are the UHD example programs installed?', mail);
    expect(answer.answer).toContain('/usr/lib/uhd/examples');
    const citation = answer.citations[0]!;
    expect(citation.quote.slice(citation.span!.start, citation.span!.end)).toBe('/usr/lib/uhd/examples/');
  });
});

describe('event names', () => {
  test('"where is GRCon21 held" is answered by mail that writes "GRCon 2021"', async () => {
    const [schedule] = await readCorpusPassages('usrp-users-list.mbox.gz', 762, 761);
    expect(schedule?.subject).toContain('GRCon19 Schedule is Live');
    // The same mail as it would read two years on, with the year written out.
    const renamed = (text: string): string => text.replaceAll('GRCon19', 'GRCon 2021');
    const later = { ...schedule!, subject: renamed(schedule!.subject), text: renamed(schedule!.text) };
    const answer = extractAnswer('Where is GRCon21 held?', [later]);
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('Huntsville');
  });
});

describe('why', () => {
  test('"why" is answered by the sentence that gives the reason, and the span marks the reason', async () => {
    const thread = await readCorpusPassages('usrp-users-list.mbox.gz', 210, 197);
    const mail = [...thread, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('Why must the TwinRX run with a 100MHz master clock?', mail);
    expect(answer.refused).toBe(false);
    const citation = answer.citations[0]!;
    expect(citation.from.name).toContain('Marcus D. Leech');
    expect(citation.quote.slice(citation.span!.start, citation.span!.end)).toMatch(/^because of the way the ADCs are shared/);
  });
});

describe('drafts and release candidates', () => {
  test('"when was X released?" is answered by the release, not by its release candidate', async () => {
    const candidate = await readCorpusPassages('usrp-users-list.mbox.gz', 275, 274);
    const release = await readCorpusPassages('usrp-users-list.mbox.gz', 525, 524);
    expect(candidate[0]?.subject).toContain('Release Candidate');
    const mail = [...candidate, ...release, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('When was UHD 3.14.1.0 released?', mail);
    expect(answer.answer).toMatch(/^On 8 July 2019, Michael West wrote: "UHD 3\.14\.1\.0 is now available!"/);
    expect(answer.citations.map((citation) => citation.subject)).toEqual([release[0]!.subject]);
  });

  test('a question about the release candidate is still answered by it', async () => {
    const candidate = await readCorpusPassages('usrp-users-list.mbox.gz', 275, 274);
    const release = await readCorpusPassages('usrp-users-list.mbox.gz', 525, 524);
    const mail = [...candidate, ...release].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('When was the UHD 3.14.1.0 release candidate tagged?', mail);
    expect(answer.citations[0]?.subject).toBe(candidate[0]!.subject);
  });
});

describe('replies', () => {
  test('a reply is about what it quotes: its own short answer meets a question whose words are in the quote', async () => {
    const [reply] = await readCorpusPassages('usrp-users-list.mbox.gz', 1268, 1267);
    expect(reply?.from.name).toContain('Ettus Research Support');
    const parts = splitReplies(reply!.text);
    const own = parts
      .filter((part) => part.kind === 'own')
      .map((part) => part.text)
      .join('\n\n');
    const quoted = parts
      .filter((part) => part.kind === 'folded')
      .map((part) => part.text)
      .join('\n');
    expect(own).not.toContain('v35');
    const mail = [{ ...reply!, text: own, quoted }, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer("Which X310 will need to be RMA'd after the v35 downgrade?", mail);
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.quote).toContain("The X310 will need to be RMA'd");
  });
});

describe('answers over two sentences', () => {
  test('an open question takes the next on-topic sentence of the mail that answers it', async () => {
    // "I'm ... testing the thud branch of meta-ettus", then "I noticed in: <link> the default c library changed ...".
    const [mail] = await readCorpusPassages('usrp-users-list.mbox.gz', 1306, 1305);
    expect(mail?.subject).toContain('Musl default for future E320 builds?');
    const all = [mail!, ...passages].map((passage, index) => ({ ...passage, n: index + 1 }));
    const answer = extractAnswer('Which C library did meta-ettus switch to by default for E320 builds?', all);
    expect(answer.answer).toContain('glibc to musl');
    expect(answer.citations.map((citation) => citation.id)).toEqual([mail!.messageId]);
  });
});
