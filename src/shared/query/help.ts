// The search help sheet, generated from the operator and scope tables so the UI, the CLI and the README never drift.
import { ANYWHERE, EVERYTHING_SCOPE, OPERATORS, SCOPES, WHOLE_PATH } from './grammar';

export interface HelpRow {
  syntax: string;
  meaning: string;
  example: string;
}

export interface HelpSection {
  title: string;
  rows: HelpRow[];
}

const BOOLEAN_ROWS: HelpRow[] = [
  { syntax: 'a b', meaning: 'Both words (AND is implied; AND may be written)', example: 'project deadline' },
  { syntax: '"a b"', meaning: 'The exact phrase', example: '"quarterly report"' },
  { syntax: 'a OR b', meaning: 'Either (upper-case OR)', example: 'from:alice OR from:bob' },
  { syntax: '{a b}', meaning: 'Any of the terms in braces', example: '{invoice receipt}' },
  { syntax: '-a, NOT a', meaning: 'Exclude a word, phrase or operator', example: '-from:noreply' },
  { syntax: '( )', meaning: 'Group terms', example: '(from:alice OR from:bob) budget' },
];

/** Plain-English questions and what they are read as; the parse tests check each of these. */
export const PLAIN_ENGLISH_EXAMPLES: readonly HelpRow[] = [
  {
    syntax: 'List 5 latest pdfs that mention budget',
    meaning: 'limit 5, newest first, has:pdf, budget',
    example: 'counts, recency and kinds in words',
  },
  {
    syntax: 'What did we discuss in the June 17, 2024 email with Janesh?',
    meaning: 'date:2024-06-17, participants:Janesh',
    example: 'dates and known contacts',
  },
  {
    syntax: 'oldest decks from last month',
    meaning: 'oldest first, has:presentation, last month',
    example: 'decks, slides, spreadsheets, docs, images, photos',
  },
  {
    syntax: 'photos from Anna since March',
    meaning: 'has:image, from:Anna (a known contact), since March 1',
    example: 'with / from / to a contact',
  },
  {
    syntax: 'top ten spreadsheets before 2024',
    meaning: 'limit 10, has:spreadsheet, before 2024-01-01',
    example: 'numbers as digits or words, 1 to 100',
  },
];

function operatorSyntax(name: string, aliases: string[]): string {
  return [name, ...aliases].map((operator) => `${operator}:`).join(' ');
}

/** The sections of the help sheet, in the order they are shown. */
export function helpSections(): HelpSection[] {
  return [
    {
      title: 'Operators',
      rows: OPERATORS.map((operator) => ({
        syntax: operator.values ? `${operator.name}:${operator.values.join('|')}` : operatorSyntax(operator.name, operator.aliases),
        meaning: operator.hint,
        example: operator.example,
      })),
    },
    { title: 'Combining', rows: BOOLEAN_ROWS },
    {
      title: 'Scopes',
      rows: [
        ...SCOPES.map((scope) => ({ syntax: `@${scope.name}:`, meaning: scope.hint, example: scope.example })),
        { syntax: EVERYTHING_SCOPE, meaning: 'Search everything', example: `${EVERYTHING_SCOPE} budget` },
        {
          syntax: `in:${ANYWHERE}`,
          meaning: 'Trash and Spam too: searches leave them out unless asked (in:trash, in:spam)',
          example: `in:${ANYWHERE} invoice`,
        },
        {
          syntax: `in:"${WHOLE_PATH}a/b"`,
          meaning:
            'Exactly the folder or label at this whole path, as a click in the folder tree writes it (in:inbox also finds sbeck/Inbox)',
          example: `in:"${WHOLE_PATH}sbeck/Inbox"`,
        },
        { syntax: '-@folder:', meaning: 'Everywhere except', example: '-@folder:drafts' },
      ],
    },
    { title: 'Plain English', rows: [...PLAIN_ENGLISH_EXAMPLES] },
  ];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The help sheet as Markdown tables, for the README and `lantern help search`. */
export function helpMarkdown(): string {
  return helpSections()
    .map((section) => {
      const header = section.title === 'Plain English' ? '| You type | Read as | Shows |' : '| Syntax | Meaning | Example |';
      const isPlain = section.title === 'Plain English';
      const rows = section.rows.map((row) => {
        const example = isPlain ? cell(row.example) : `\`${cell(row.example)}\``;
        return `| \`${cell(row.syntax)}\` | ${cell(row.meaning)} | ${example} |`;
      });
      return [`### ${section.title}`, '', header, '|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}
