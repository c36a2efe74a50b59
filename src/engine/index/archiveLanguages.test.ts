// Integration: an archive's languages are told from its mail (German, French, English, both), reported by stats, and a
// query word finds its other forms in those languages, the form as written ranked first.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';
import { mimeMessage } from '../../../test/mimeMessage';
import type { Engine } from '../api/engineTypes';
import { KeywordIndex } from './keywordIndex';

type Mail = [subject: string, body: string];

const GERMAN: Mail[] = [
  [
    'Rechnungen für März',
    'Anbei die Rechnungen für den März. Ich habe sie auch noch einmal mit der Post geschickt, weil wir nicht wissen, ob ' +
      'die erste angekommen ist, und wir warten jetzt auf eure Zahlung.',
  ],
  [
    'Neue Verträge',
    'Die neuen Verträge sind unterschrieben. Wir haben sie nicht mit der Post geschickt, sondern ich bringe sie auch ' +
      'morgen mit, wenn ihr noch Zeit habt und nichts dagegen ist.',
  ],
  [
    'Kündigung',
    'In den Verträgen steht nichts über die Kündigung, aber das ist auch nicht nötig. Ich habe sie noch einmal gelesen, ' +
      'und wenn ihr wollt, schicke ich sie euch.',
  ],
  [
    'Rechnung bezahlt',
    'Die Rechnung ist bezahlt, ich danke euch. Wir sind damit fertig, und es gibt auch nichts mehr, was ich noch tun ' +
      'muss, wenn ihr nicht noch etwas findet.',
  ],
  [
    'Treffen',
    'Das Treffen ist am Montag. Wir sehen uns dann bei mir, und ich habe auch Kuchen, wenn ihr noch Hunger habt oder ' +
      'nicht zu spät kommt.',
  ],
];

const FRENCH: Mail[] = [
  [
    'Les factures de mars',
    'Voici les factures de mars. Nous les avons envoyées par la poste, et vous pouvez les payer avant la fin du mois, ' +
      'mais pas avec votre carte: elle est trop vieille pour nous.',
  ],
  [
    'Facture réglée',
    'La facture est réglée, merci pour votre aide. Nous sommes contents, et nous vous écrirons dans une semaine avec ' +
      'les détails qui sont encore ouverts.',
  ],
  [
    'Commandes facturées',
    'Les commandes sont facturées depuis lundi. Vous avez reçu une lettre avec les détails, mais elle est arrivée sans ' +
      'les pièces qui sont dans notre carton pour vous.',
  ],
  [
    'Paiement',
    'Vous payez par virement, comme toujours. Nous attendons votre réponse pour la livraison, qui est prévue dans une ' +
      'semaine, et nous ne pouvons pas la changer.',
  ],
];

const ENGLISH: Mail[] = [
  [
    'Buffered reads',
    'The buffered reads are slower than they should be, and this patch makes them faster with fewer copies, but it ' +
      'would be good to test it on the machines that we have.',
  ],
  [
    'Ring buffer',
    'We have the buffer ring ready now; it was tested with the kernel that they built from the branch, and there ' +
      'should be no more copies than before.',
  ],
  [
    'Buffering',
    'There is buffering going on that we did not expect, and it would be good to know where it comes from before ' +
      'the release, but this can wait.',
  ],
  [
    'Buff',
    'The buff muscles of the team were not needed for this release, but they have been a great help with the move ' +
      'from the old office, and that was more than we could ask.',
  ],
];

async function importMail(engine: Engine, dir: string, name: string, mails: Mail[]): Promise<void> {
  const mailbox = join(dir, `${name}.mbox`);
  await writeFile(mailbox, toMbox(mails.map(([subject, body], index) => mimeMessage(`${name}${index}`, subject, body, []))));
  expect((await engine.importPaths([mailbox], name)).imported).toBe(mails.length);
}

async function subjects(engine: Engine, query: string): Promise<string[]> {
  return (await engine.search({ query, mode: 'keyword', limit: 20 })).hits.map((hit) => hit.subject);
}

describe("stemming in the archive's languages", () => {
  it('tells German mail and finds "Rechnungen" by "Rechnung" and "Verträgen" by "Vertrag", the written form first', async () => {
    await withEngine(async (engine, dir) => {
      await importMail(engine, dir, 'german', GERMAN);
      expect((await engine.getStats()).languages).toEqual(['german']);
      expect(await subjects(engine, 'Rechnung')).toEqual(['Rechnung bezahlt', 'Rechnungen für März']);
      expect((await subjects(engine, 'Vertrag')).sort()).toEqual(['Kündigung', 'Neue Verträge']);
      expect(await subjects(engine, 'Verträge')).toEqual(['Neue Verträge', 'Kündigung']);
    });
  });

  it('tells French mail and finds "factures" and "facturées" by "facture", "payez" by "payer"', async () => {
    await withEngine(async (engine, dir) => {
      await importMail(engine, dir, 'french', FRENCH);
      expect((await engine.getStats()).languages).toEqual(['french']);
      const [written, ...others] = await subjects(engine, 'facture');
      expect(written).toBe('Facture réglée');
      expect(others.sort()).toEqual(['Commandes facturées', 'Les factures de mars']);
      expect((await subjects(engine, 'payer')).sort()).toEqual(['Les factures de mars', 'Paiement']);
    });
  });

  it('stems an English archive as before: English forms only, not the German stem "buff" of "buffers"', async () => {
    await withEngine(async (engine, dir) => {
      await importMail(engine, dir, 'english', ENGLISH);
      expect((await engine.getStats()).languages).toEqual(['english']);
      expect((await subjects(engine, 'buffers')).sort()).toEqual(['Buffered reads', 'Buffering', 'Ring buffer']);
    });
  });

  it('tells both languages of a mixed archive and stems in each', async () => {
    await withEngine(async (engine, dir) => {
      await importMail(engine, dir, 'english', ENGLISH);
      await importMail(engine, dir, 'german', GERMAN);
      expect((await engine.getStats()).languages?.sort()).toEqual(['english', 'german']);
      expect(await subjects(engine, 'Rechnung')).toEqual(['Rechnung bezahlt', 'Rechnungen für März']);
      expect(await subjects(engine, 'buffered')).toContain('Ring buffer');
    });
  });

  it('follows the index as mail is added, live and folded', () => {
    for (const foldAfter of [1, 1_000]) {
      const index = new KeywordIndex(foldAfter);
      const english = 'the buffer is ready and this patch makes it faster with fewer copies than that one which would not come from there';
      const german = 'anbei die rechnungen ich habe sie auch noch einmal mit der post geschickt und wir warten nicht auf eure zahlung';
      for (let ordinal = 0; ordinal < 4; ordinal += 1) index.add(ordinal, { content: english, meta: '' });
      expect(index.languages().map((language) => language.name)).toEqual(['english']);
      expect(index.stemVariants('rechnung')).toEqual([]);
      for (let ordinal = 4; ordinal < 8; ordinal += 1) index.add(ordinal, { content: german, meta: '' });
      expect(
        index
          .languages()
          .map((language) => language.name)
          .sort(),
      ).toEqual(['english', 'german']);
      expect(index.stemVariants('rechnung')).toEqual(['rechnungen']);
    }
  });

  it('told again after each added message, as an index given all of them at once tells them, the same list while they stay', () => {
    const documents = [
      'the buffer is ready and this patch makes it faster with fewer copies than that one which would not come from there',
      'anbei die rechnungen ich habe sie auch noch einmal mit der post geschickt und wir warten nicht auf eure zahlung',
      'vous payez par virement comme toujours nous attendons votre réponse pour la livraison qui est prévue dans une semaine',
    ];
    const growing = new KeywordIndex(5);
    let last = growing.languages();
    for (let ordinal = 0; ordinal < 24; ordinal += 1) {
      growing.add(ordinal, { content: documents[Math.floor(ordinal / 8)]!, meta: '' });
      const whole = new KeywordIndex(5);
      for (let given = 0; given <= ordinal; given += 1) whole.add(given, { content: documents[Math.floor(given / 8)]!, meta: '' });
      const told = growing.languages();
      expect(told).toEqual(whole.languages());
      if (told.length === last.length && told.every((language, index) => language === last[index])) expect(told).toBe(last);
      last = told;
    }
    expect(last.map((language) => language.name).sort()).toEqual(['english', 'french', 'german']);
  });
});
