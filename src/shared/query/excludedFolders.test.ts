// Which folders and labels searches leave out (Trash, Spam and their names elsewhere), and which queries ask for them.
import { describe, expect, test } from 'vitest';
import { asksForExcludedPlaces, isExcludedPlace } from './excludedFolders';
import { parseQuery } from './parse';

describe('excluded places', () => {
  test.each([
    'Trash',
    'Spam',
    'Deleted Items',
    'Junk E-mail',
    'Junk-E-Mail',
    'Gelöschte Elemente',
    'Éléments supprimés',
    'Elementos eliminados',
    'Posta eliminata',
    'Verwijderde items',
    'Courrier indésirable',
    '[Gmail]/Trash',
    '[Gmail]/Spam',
    '[Google Mail]/Bin',
    'Deleted Messages',
    'Junk',
    'INBOX.Trash',
    'Deleted Items/Old project',
    'Maildir/Trash',
    'gmail/trash',
    'junk e mail',
  ])('%s is left out', (place) => expect(isExcludedPlace(place)).toBe(true));

  test.each(['Inbox', 'Sent Items', 'All mail Including Spam and Trash', 'Spam reports', 'Work/Projects', 'Important', ''])(
    '%s is searched',
    (place) => expect(isExcludedPlace(place)).toBe(false),
  );

  test.each([
    ['in:trash', true],
    ['label:Spam budget', true],
    ['in:"Deleted Items"', true],
    ['@folder:"Junk E-mail"', true],
    ['@label:inbox,trash', true],
    ['in:anywhere', true],
    ['thread:abc', true],
    ['id:<a@b>', true],
    ['budget', false],
    ['in:inbox', false],
    ['in:"/Trash"', true],
    ['in:"/sbeck/Deleted Items"', true],
    ['-in:"/Trash" budget', false],
    ['in:"/Inbox"', false],
    ['-in:spam budget', false],
    ['NOT (in:trash OR in:spam)', false],
    ['@collection:trash', false],
    ['', false],
  ])('%s asks for them: %s', (query, expected) => {
    expect(asksForExcludedPlaces(parseQuery(query, { timeZone: 'UTC' }).root)).toBe(expected);
  });
});
