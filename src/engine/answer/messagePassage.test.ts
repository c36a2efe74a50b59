// The part of a long mail an answer reads: the chunks that meet the question, joined without repeating their overlap.
import { describe, expect, test } from 'vitest';
import { readCorpusPassages } from './corpusPassages';
import { messagePassage } from './messagePassage';

describe('messagePassage', () => {
  test('a call for talks is read past its first part, where the submission deadline is, and the overlap once', async () => {
    const [call] = await readCorpusPassages('usrp-users-list.mbox.gz', 1168, 1167);
    expect(call?.subject).toContain('FOSDEM 2020: Free Software Radio Devroom CfP');
    // The corpus passage opens with its subject line; the stored body does not.
    const body = call!.text.slice(call!.text.indexOf('\n\n') + 2);
    const text = messagePassage(
      { subject: call!.subject, body },
      'What is the submission deadline for talks in the FOSDEM 2020 Free Software Radio devroom?',
    );
    expect(text).toContain('To suggest a talk');
    expect(text).toContain('The submission deadline is Friday, December 6th.');
    expect(text.split('happening on Sunday, the 2nd of February').length).toBe(2);
    expect(text.split('FOSDEM 2020: Free Software Radio Devroom CfP\n\n').length).toBe(2);
  });

  test('a part of a long mail that holds none of the question is left out', () => {
    const filler = (topic: string): string =>
      Array.from({ length: 60 }, (_, index) => `Paragraph ${index} says more about ${topic} and little else.`).join('\n\n');
    const body = [filler('antennas'), 'The calibration table lives in the EEPROM of the daughterboard.', filler('cables')].join('\n\n');
    const text = messagePassage({ subject: 'Notes', body }, 'Where does the calibration table live?');
    expect(text).toContain('calibration table lives in the EEPROM');
    expect(text.length).toBeLessThan(body.length / 2);
  });
});
