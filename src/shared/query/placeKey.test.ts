// The whole-path form of a place (`in:"/sbeck/Inbox"`): parsed as written, compared by its whole path only.
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse';
import { placeKey, placeName } from './placeKey';

describe('placeName', () => {
  it('reads a value starting with "/" as one whole path, folded as any place', () => {
    expect(placeName('/sbeck/Inbox')).toEqual({ key: 'sbeck/inbox', wholePath: true });
    expect(placeName('/Éléments supprimés')).toEqual({ key: placeKey('Éléments supprimés'), wholePath: true });
    expect(placeName('/Inbox')).toEqual({ key: 'inbox', wholePath: true });
  });

  it('keeps a plain value a path or a last segment, as people type it', () => {
    expect(placeName('inbox')).toEqual({ key: 'inbox', wholePath: false });
    expect(placeName('sbeck/Inbox')).toEqual({ key: 'sbeck/inbox', wholePath: false });
  });

  it('takes off only the one leading "/", so a stored path that starts with "/" can still be named', () => {
    expect(placeName('//odd')).toEqual({ key: '/odd', wholePath: true });
  });

  it('parses in:, label: and folder: with the "/" form, quoted or bare, into the place it names', () => {
    for (const query of ['in:"/sbeck/Inbox"', 'in:/sbeck/Inbox', 'folder:/sbeck/Inbox', 'label:"/sbeck/Inbox"']) {
      const root = parseQuery(query, { timeZone: 'UTC' }).root;
      expect(root).toMatchObject({ kind: 'filter', filter: { field: 'place', value: '/sbeck/Inbox' } });
    }
  });
});
