// A command-line mistake: printed as one line naming the problem, exit code 2.

export class UsageError extends Error {}

export const USAGE = `Usage: lantern <command> [options]

Commands:
  import <path...>          Import mbox files (and folders); prints the import report
  search "<query>"          Search: --limit N --offset N --sort relevance|date --mode keyword|semantic|hybrid|rerank|hyde|auto
  show <id>                 Print one message
  attachment <id> <index|name>
                            Write one attachment of a message to a file: --out FILE|FOLDER (default: its name in the
                            current folder), --force to overwrite; index counted from 0 as in show --json
  ask "<question>"          Answer from the mail with citations: --provider extractive|ollama|openai|local
                            (ollama: --model [--base-url]; openai: --model --base-url, key in LANTERN_API_KEY;
                            local: --model-path FILE.gguf [--threads N])
  folders                   List folders and labels with counts
  stats                     Count messages, threads, folders, labels, attachments and sources
  embed                     Run or resume the embedding stage for semantic search
  backup <dir>              Snapshot the store (messages, vectors, sources) into a new folder; safe while the app runs
  restore <dir>             Replace the store with a backup (the replaced data folder is kept beside it)
  export "<query>"          Write the messages of a search: --out FILE.mbox, or --format eml --out FOLDER
  mcp                       A Model Context Protocol server on stdio for AI assistants (read-only; safe beside the app)
  serve                     Browser mode on 127.0.0.1: --port N (default 4960, 0 = any free port) --open

Every command takes --data-dir DIR (or LANTERN_DATA_DIR) and --json.`;
