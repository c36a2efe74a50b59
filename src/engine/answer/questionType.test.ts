// Question types and the entities that answer them, plus a password lookup through the extractive provider.
import { describe, expect, test } from 'vitest';
import { extractAnswer } from './extractive';
import { classifyQuestion, entityFit, MONEY_PATTERN, PATH_PATTERN, senderVerb } from './questionType';
import type { Passage } from './types';

describe('classifyQuestion', () => {
  test.each([
    ['Who maintains ODR-DabMod?', 'who'],
    ['And who sent the invoice?', 'who'],
    ['When is the RFNoC workshop?', 'when'],
    ['What time does the train leave?', 'when'],
    ['Where is the workshop held?', 'where'],
    ['How many channels does the X310 have?', 'how-many'],
    ['How much did the hotel cost?', 'how-many'],
    ['What is the wifi password at the office?', 'code'],
    ["What's the door code?", 'code'],
    ['Is the USB 3.0 card supported?', 'yes-no'],
    ['What changed in the UBX rev C?', 'what'],
    ['What is the submission deadline for talks?', 'when'],
    ['What frequency range do the N320 and N321 cover?', 'how-many'],
    ['What sample rate does ODR-DabMod drive the USRP at?', 'how-many'],
    ['Which C library did meta-ettus switch to?', 'what'],
    ['Why must the TwinRX run at 100 MHz?', 'why'],
    ['What was the reason for the RMA?', 'why'],
    ['How come the E310 drops samples?', 'why'],
  ])('%s -> %s', (question, type) => {
    expect(classifyQuestion(question)).toBe(type);
  });
});

describe('senderVerb', () => {
  test.each([
    ['Who announced the USRP N320 and N321?', 'announced'],
    ['Who answered the question about the E310 usable bandwidth?', 'answered'],
    ['And who introduced Theseus Cores?', 'introduced'],
    ['Who is the point-of-contact for E320 GNU Radio support?', null],
    ['What did Marcus say?', null],
  ])('%s -> %s', (question, verb) => {
    expect(senderVerb(question)).toBe(verb);
  });
});

describe('entityFit', () => {
  test('a day or a time fits a when-question fully, a bare year only weakly', () => {
    expect(entityFit('when', 'Wednesday May 15 -- RFNoC Workshop')).toBe(1);
    expect(entityFit('when', 'We meet at 10:30.')).toBe(1);
    expect(entityFit('when', 'The 2019 edition was great.')).toBe(0.4);
    expect(entityFit('when', 'The N210 was first released in November 2010.')).toBe(1);
    expect(entityFit('when', 'No date here.')).toBe(0);
  });

  test('names, numbers, places and codes', () => {
    expect(entityFit('who', 'Thanks to Phil Vallance for the channelizer.')).toBe(1);
    expect(entityFit('how-many', 'USB 2.0 will max out at about 8 Ms/s.')).toBe(1);
    expect(entityFit('where', 'It will be held at University of Massachusetts at Boston.')).toBe(1);
    expect(entityFit('where', 'in practice it works')).toBe(0);
    expect(entityFit('where', 'You can book a room at the conference hotel.')).toBe(0.5);
    expect(entityFit('code', 'The password is Tr0ub4dor-77.')).toBe(1);
  });
});

describe('code lookups', () => {
  const mail = (n: number, subject: string, text: string): Passage => ({
    n,
    messageId: `m${n}`,
    subject,
    from: { name: 'Office Manager', address: 'office@example.com' },
    date: '2024-03-01T09:00:00.000Z',
    text,
  });
  const passages = [
    mail(1, 'Welcome to the office', 'Welcome aboard! Lunch is at noon on Fridays. The guest wifi network is called Lantern-Guest.'),
    mail(2, 'Wifi', 'The new wifi password is Tr0ub4dor-77 from Monday. Please do not share it outside the team.'),
    mail(3, 'Parking', 'The garage door code changed to 4711 last week.'),
  ];

  test('finds the sentence with the password and cites its message', () => {
    const answer = extractAnswer('What is the wifi password?', passages);
    expect(answer.answer).toContain('Tr0ub4dor-77');
    expect(answer.citations.map((citation) => citation.id)).toEqual(['m2']);
  });

  test('finds a door code, and refuses a code that no mail mentions', () => {
    expect(extractAnswer('What is the garage door code?', passages).answer).toContain('4711');
    expect(extractAnswer('What is the password for the nudge ticketing dashboard?', passages).refused).toBe(true);
  });
});

describe('MONEY_PATTERN', () => {
  test.each([
    ['The B210 is $1,480.', '$1,480'],
    ['We paid 1.500 € for it.', '1.500 €'],
    ['It was 1500€ with the GPSDO.', '1500€'],
    ['The quote came to USD 2,300 in the end.', 'USD 2,300'],
    ['It costs 60 euro per seat.', '60 euro'],
    ['The workshop costs about 150 for students.', '150'],
    ['Registration is free.', 'free'],
  ])('%s holds a price', (sentence, price) => {
    expect(MONEY_PATTERN.exec(sentence)?.[0]).toBe(price);
  });

  test.each(['Feel free to ask.', 'It runs at 200 MS/s.', 'The X310 costs us two weeks of debugging.', 'It costs 20 MHz of bandwidth.'])(
    '%s holds none',
    (sentence) => {
      expect(MONEY_PATTERN.test(sentence)).toBe(false);
    },
  );
});

describe('PATH_PATTERN', () => {
  test.each([
    ['located in /usr/lib/uhd/examples/).', '/usr/lib/uhd/examples/'],
    ['saved it to ~/reports/q3.xlsx yesterday', '~/reports/q3.xlsx'],
    ['run ./installs/share/uhd first', './installs/share/uhd'],
    ['it is on C:\\Data\\mail now', 'C:\\Data\\mail'],
  ])('%s holds a path', (sentence, path) => {
    expect(PATH_PATTERN.exec(sentence)?.[0]).toBe(path);
  });

  test.each(['see https://github.com/EttusResearch/uhd/issues', 'TX/RX and/or RX2', 'about 8 Ms/s'])('%s holds none', (sentence) => {
    expect(PATH_PATTERN.test(sentence)).toBe(false);
  });
});
