// What each MCP tool tells an assistant: the query language taught from the shared grammar, never a second copy.
import { OPERATORS, SCOPES } from '../../shared/query/grammar';
import { PLAIN_ENGLISH_EXAMPLES } from '../../shared/query/help';

function operatorLines(): string {
  return OPERATORS.map((operator) => {
    const names = [operator.name, ...operator.aliases].map((name) => `${name}:`).join(' / ');
    const values = operator.values ? `; one of ${operator.values.join(', ')}` : '';
    return `- ${names} ${operator.hint} (e.g. ${operator.example}${values})`;
  }).join('\n');
}

function scopeLines(): string {
  return SCOPES.map((scope) => `- @${scope.name}: ${scope.hint} (e.g. ${scope.example})`).join('\n');
}

export function searchDescription(): string {
  return [
    "Search the user's own mail archive (offline, on this machine) and get matching messages, newest or best first.",
    'The query uses Gmail/Outlook-style operators plus free words; words must all appear (AND). Use "quotes" for exact',
    'phrases, upper-case OR between alternatives, a leading - to exclude (-from:newsletter), and ( ) to group. Operators:',
    operatorLines(),
    'Plain-English constraints also work, e.g. ' +
      PLAIN_ENGLISH_EXAMPLES.slice(0, 3)
        .map((row) => `"${row.syntax}"`)
        .join(', ') +
      '.',
    "Trash and Spam (Gmail's Trash and Spam, Outlook's Deleted Items and Junk E-mail, and the like) are left out unless the query asks for them: in:trash, in:spam, or in:anywhere for everything.",
    'Examples: from:kiraly has:attachment after:2024-01-01 budget | subject:"Q4 report" from:finance | "zero copy" -from:bot',
    'mode: keyword (exact words), semantic (by meaning), hybrid (both), rerank (hybrid, then reordered), hyde (by meaning, via a passage the configured language model writes), auto (default: chosen from the query).',
    'context: @-scopes that narrow the whole search:',
    scopeLines(),
    'Results are paged: at most 50 per call; call again with offset set to nextOffset for the next page. Read a whole message with get_email(id).',
  ].join('\n');
}

export const GET_EMAIL_DESCRIPTION = [
  'Read one message by the id that search_emails returned: headers, the text (20,000 characters per call; a longer text',
  'gives nextTextOffset: call again with textOffset set to it to read on),',
  'the attachment list, and with includeAttachmentText the text extracted from its attachments (capped).',
].join(' ');

export const LIST_FOLDERS_DESCRIPTION =
  'List the imported collections (sources), their folders and Gmail labels with message counts, for use in in:, label: or @folder: scopes.';

export const ASK_DESCRIPTION = [
  "Answer a question from the user's mail, with numbered citations [1], [2] pointing at messages (id, subject, sender, date).",
  'The question may contain the same operators and plain-English constraints as search_emails; context takes @-scopes.',
  'Trash and Spam are left out unless the question asks for them (in:trash, in:spam, in:anywhere).',
  'When the mail does not contain the answer it says so instead of guessing.',
].join(' ');
