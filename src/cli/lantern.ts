// The `lantern` command line: every feature of the engine, for people and scripts (--json).
import { parseArgs } from 'node:util';
import { LanternError } from '../shared/contract/errors';
import { resolveDataDir } from './dataDir';
import { printError } from './output';
import { separateQueryArguments, type KnownOptions } from './queryArguments';
import { USAGE, UsageError } from './usage';
import { errorMessage } from '../shared/errorMessage';

const USER_ERRORS = new Set(['bad-request', 'not-found', 'unreadable-path', 'not-mail', 'store-busy', 'read-only']);

/**
 * The read commands that are done once they have printed (bin/lantern.mjs's ONE_SHOT_READS): their process ends then,
 * rather than after V8 and the native libraries have taken down a heap holding the store's indexes piece by piece,
 * which was a noticeable part of a whole `lantern search` (issue 25).
 */
const ENDS_WHEN_PRINTED = new Set(['search', 'show', 'timeline', 'attachments', 'attachment', 'folders', 'stats']);
let endsWhenPrinted = false;

const OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  limit: { type: 'string' },
  offset: { type: 'string' },
  sort: { type: 'string' },
  mode: { type: 'string' },
  similar: { type: 'boolean', default: false },
  port: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'model-path': { type: 'string' },
  threads: { type: 'string' },
  open: { type: 'boolean', default: false },
  format: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean', default: false },
  repair: { type: 'boolean', default: false },
  verify: { type: 'boolean', default: false },
  mirror: { type: 'string' },
  separate: { type: 'string' },
  query: { type: 'string' },
  rejoin: { type: 'string' },
} satisfies KnownOptions;

/**
 * Each command's module is loaded when it runs: `lantern search` need not wait for the MCP server's packages or the
 * import machinery (issue 25: a whole command as quick as notmuch's).
 */
async function main(argv: string[]): Promise<number> {
  // A query may begin with "-" ("-from:noreply budget"): words after the command that name no option are positionals.
  const { values, positionals } = parseArgs({
    args: separateQueryArguments(argv, OPTIONS),
    allowPositionals: true,
    strict: true,
    options: OPTIONS,
  });
  const [command, ...rest] = positionals;
  endsWhenPrinted = ENDS_WHEN_PRINTED.has(command ?? '');
  if (values.help || command === undefined || command === 'help') {
    console.log(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  const dataDir = resolveDataDir(values['data-dir']);
  const json = values.json;
  // With --json, stdout carries only the JSON: anything a library prints (pst-extractor reports skipped items) goes to stderr.
  if (json) console.log = console.error;
  switch (command) {
    case 'import':
      return (await import('./commands/importCommand')).runImport(rest, dataDir, json);
    case 'search':
      if (rest.length > 1) throw new UsageError('lantern search: put the whole query in quotes');
      return (await import('./commands/queryCommands')).runSearch(rest[0], values, dataDir, json);
    case 'timeline':
      if (rest.length > 1) throw new UsageError('lantern timeline: put the whole query in quotes');
      return (await import('./commands/timelineCommand')).runTimeline(rest[0], values, dataDir, json);
    case 'show':
      return (await import('./commands/queryCommands')).runShow(rest[0], dataDir, json);
    case 'attachment':
      if (rest.length > 2) throw new UsageError('lantern attachment: give a message id and one attachment (index or name in quotes)');
      return (await import('./commands/attachmentCommand')).runAttachment(rest[0], rest[1], values, dataDir, json);
    case 'attachments':
      if (rest.length > 1) throw new UsageError('lantern attachments: put the whole query in quotes');
      return (await import('./commands/attachmentsCommand')).runAttachments(rest[0], values, dataDir, json);
    case 'ask':
      if (rest.length > 1) throw new UsageError('lantern ask: put the whole question in quotes');
      return (await import('./commands/askCommand')).runAsk(rest[0], values, dataDir, json);
    case 'folders':
    case 'stats':
    case 'embed':
      return (await import('./commands/queryCommands')).runListing(command, dataDir, json);
    case 'ocr':
      if (rest.length > 0) throw new UsageError('lantern ocr: takes no arguments; give the data folder with --data-dir');
      return (await import('./commands/ocrCommand')).runOcr(dataDir, json);
    case 'backup':
      return (await import('./commands/backupCommands')).runBackup(rest[0], dataDir, json, values.verify);
    case 'restore':
      return (await import('./commands/backupCommands')).runRestore(rest[0], dataDir, json);
    case 'export':
      if (rest.length > 1) throw new UsageError('lantern export: put the whole query in quotes');
      return (await import('./commands/backupCommands')).runExport(rest[0], values, dataDir, json);
    case 'check':
      if (rest.length > 0) throw new UsageError('lantern check: takes no arguments; give the data folder with --data-dir');
      return (await import('./commands/checkCommand')).runCheckCommand(values.repair, dataDir, json);
    case 'people':
      if (rest.length > 1) throw new UsageError('lantern people: put the name in quotes, or give one address');
      return (await import('./commands/peopleCommand')).runPeople(rest[0], values, dataDir, json);
    case 'models':
      return (await import('./commands/modelsCommand')).runModels(rest, values, dataDir, json);
    case 'mcp':
      return (await import('./commands/mcpCommand')).runMcp(dataDir);
    case 'serve':
      return (await import('./commands/serveCommand')).runServe(values.port, values.open, dataDir);
    default:
      throw new UsageError(`lantern: unknown command "${command}"; run lantern --help`);
  }
}

/**
 * A reader that stops reading (`lantern search "…" --json | head`) closes the pipe: the command goes on to its end
 * printing nothing more, as command-line tools do, instead of failing with an unhandled write error; an import then
 * still finishes what it began.
 */
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.stdout.write = () => true;
});

/** Sets the exit code of a command that failed: 2 for the user's mistakes, 1 for the rest. */
function reportFailure(error: unknown): void {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    printError(error.message.startsWith('lantern') ? error.message : `lantern: ${error.message}`);
    process.exitCode = 2;
  } else if (error instanceof LanternError) {
    printError(`lantern: ${error.message}`);
    process.exitCode = USER_ERRORS.has(error.code) ? 2 : 1;
  } else {
    printError(`lantern: ${errorMessage(error)}`);
    process.exitCode = 1;
  }
}

/**
 * Ends the process once everything written to stdout and stderr is out: an empty write's callback comes after the
 * writes before it (pipes are asynchronous on macOS). A reader gone (see above) leaves the process to end by itself.
 */
function exitWhenWritten(code: number): void {
  let unwritten = 2;
  const written = (): void => {
    unwritten -= 1;
    if (unwritten === 0) process.exit(code);
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}

// Not awaited at the top: the command is built as CommonJS (scripts/build-cli.mjs), which has no top-level await.
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  if (endsWhenPrinted) exitWhenWritten(code);
}, reportFailure);
