// The gallery and the people of a search read the box's last word as a search as one types does: cut short, it
// matches the words it begins, so typing updates them with what the list shows; a finished word is read as written.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';
import { mimeMessage } from '../../../test/mimeMessage';

describe('the gallery and the people of a search as one types', () => {
  it('read the last word as the beginning of words while typing, and as written otherwise', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'made.mbox');
      await writeFile(
        file,
        toMbox([
          mimeMessage('board', 'The daughterboard schematic', 'Attached: the schematic.', [
            { filename: 'schematic.txt', contentType: 'text/plain', bytes: Buffer.from('Pin 4 of the daughterboard is ground.') },
          ]),
          mimeMessage('lunch', 'Lunch on Friday', 'The menu is attached.', [
            { filename: 'menu.txt', contentType: 'text/plain', bytes: Buffer.from('Soup and bread.') },
          ]),
        ]),
      );
      await engine.importPaths([file], 'made');
      const typed = { query: 'daughterboa', mode: 'keyword' as const, isTyping: true };

      const gallery = await engine.listAttachments(typed);
      expect(gallery.items.map((item) => item.filename)).toEqual(['schematic.txt']);
      expect(gallery.items[0]!.isMatch).toBe(true);
      expect((await engine.listAttachments({ ...typed, isTyping: false })).total).toBe(0);

      const people = await engine.listPeople(typed);
      expect(people.messages).toBe(1);
      expect(people.people.map((person) => person.id)).toContain('ada@example.com');
      expect((await engine.listPeople({ ...typed, isTyping: false })).messages).toBe(0);
    });
  }, 120_000);
});
