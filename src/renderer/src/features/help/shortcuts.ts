// Every keyboard shortcut, grouped: the one list the `?` sheet shows and the README's keyboard table is checked against.

/** One key press: `Mod` is Ctrl, or ⌘ on a Mac. */
export type KeyChord = readonly string[];

export interface Shortcut {
  /** Alternatives: any one of these chords does it. */
  chords: readonly KeyChord[];
  does: string;
  /** Where the keys do this, when not everywhere outside a text field. */
  where?: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Search',
    shortcuts: [
      { chords: [['/'], ['Mod', 'K'], ['Mod', 'E']], does: 'Focus the search bar' },
      { chords: [['Enter']], does: 'Search now', where: 'in the search bar' },
      { chords: [['Mod', 'Enter']], does: 'Ask the search text as a question; the answer opens beside the results' },
      { chords: [['Esc']], does: 'Clear the search bar', where: 'in the search bar' },
    ],
  },
  {
    title: 'Results and reading',
    shortcuts: [
      { chords: [['↓'], ['j']], does: 'Next result, shown in the reading pane' },
      { chords: [['↑'], ['k']], does: 'Previous result, shown in the reading pane' },
      { chords: [['Enter'], ['o']], does: 'Open the selected message' },
      { chords: [['u'], ['Esc']], does: 'Back to the results' },
      { chords: [[']']], does: 'Open the next result in the reading pane' },
      { chords: [['[']], does: 'Open the previous result in the reading pane' },
      { chords: [['n']], does: 'Next message of the conversation', where: 'in the reading pane' },
      { chords: [['p']], does: 'Previous message of the conversation', where: 'in the reading pane' },
      { chords: [['g']], does: 'Switch between the result list and the gallery of its attachments' },
      { chords: [['←'], ['→'], ['↑'], ['↓']], does: 'Move between attachments', where: 'in the gallery' },
      { chords: [['Enter']], does: 'Preview the attachment in the reading pane', where: 'in the gallery' },
    ],
  },
  {
    title: 'Panes',
    shortcuts: [
      { chords: [['F6']], does: 'Next pane' },
      { chords: [['Shift', 'F6']], does: 'Previous pane' },
      { chords: [['Tab']], does: 'Next control' },
      { chords: [['Mod', 'J']], does: 'Show or hide the answer pane' },
      { chords: [['?']], does: 'This list of shortcuts' },
      { chords: [['Mod', ',']], does: 'Settings' },
    ],
  },
];

/** How a key is written for this person: ⌘ and ⇧ on a Mac, Ctrl and Shift elsewhere. */
export function keyLabel(key: string, isMac: boolean): string {
  if (key === 'Mod') return isMac ? '⌘' : 'Ctrl';
  if (key === 'Shift') return isMac ? '⇧' : 'Shift';
  return key;
}

/** A chord as one string for tooltips: "Ctrl+J", "⌘+J". */
export function chordText(chord: KeyChord, isMac: boolean): string {
  return chord.map((key) => keyLabel(key, isMac)).join('+');
}

/** The keyboard table of the README, for both systems at once ("Ctrl/⌘+K"). */
export function shortcutsMarkdown(): string {
  const chordText = (chord: KeyChord): string =>
    chord.map((key) => (key === 'Mod' ? 'Ctrl/⌘' : key.length > 1 ? key : `\`${key}\``)).join('+');
  const lines = ['| Key | Does |', '|---|---|'];
  for (const group of SHORTCUT_GROUPS) {
    for (const shortcut of group.shortcuts) {
      const where = shortcut.where ? ` (${shortcut.where})` : '';
      lines.push(`| ${shortcut.chords.map(chordText).join(' or ')}${where} | ${shortcut.does} |`);
    }
  }
  return lines.join('\n');
}
