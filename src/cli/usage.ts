// A command-line mistake: printed as one line naming the problem, exit code 2.

export class UsageError extends Error {}

export const USAGE = `Usage: lantern <command> [options]

Commands:
  import <path...>          Import mbox files (and folders); prints the import report
  search "<query>"          Search: --limit N --offset N --sort relevance|date --mode keyword|semantic|hybrid|rerank|hyde|auto
                            --similar: the messages about similar things that a search finding nothing offers
  timeline "<query>"        A search's matches by day, month or year (in the time zone of the settings) and its top
                            senders, recipients, folders and labels, years and attachment kinds: --mode, --sort
  show <id>                 Print one message
  attachment <id> <index|name>
                            Write one attachment of a message to a file: --out FILE|FOLDER (default: its name in the
                            current folder), --force to overwrite; index counted from 0 as in show --json
  attachments "<query>"     The attachments of every message a query matches, newest mail first, with whether the
                            query's words are inside each: --mode, --limit N (default 60) --offset N
  ask "<question>"          Answer from the mail with citations: --provider extractive|ollama|openai|local
                            (ollama: --model [--base-url]; openai: --model --base-url, key in LANTERN_API_KEY;
                            local: --model-path FILE.gguf [--threads N])
  folders                   List folders and labels with counts
  people ["<name>"|<address>]
                            Correspondents, one per person (aliases joined, with why), with mail from and to them:
                            --sort messages|last|name --limit N --offset N, --query "<query>" [--mode] for the people
                            of a search's mail; an address gives that person's monthly
                            activity, co-correspondents, threads, attachments and words. --separate ADDRESS keeps an
                            address out of its group, --rejoin ADDRESS undoes that
  stats                     Count messages, threads, folders, labels, attachments and sources
  embed                     Run or resume the embedding stage for semantic search
  ocr                       Run or resume reading text from images and scanned PDF pages (PNG, JPEG, TIFF, GIF; local
                            OCR), then embed what it read; lists what it skipped and why
  backup <dir>              Snapshot the store (messages, vectors, sources, attachments) into a new folder; safe while
                            the app runs; removes what a killed backup into the same folder left (<dir>.partial)
  backup --verify <dir>     Check a backup without restoring it: every table read, files and attachments checksummed;
                            exit code 1 when it is damaged
  restore <dir>             Verify a backup, then put it in place of the data folder; only a Lantern data folder or an
                            empty one is replaced, and the replaced one is kept beside it (<data folder>.before-restore-…)
  check                     Verify the store (tables, keyword index, attachments, sources, vectors); exit 1 while
                            problems remain. --repair: heal damaged tables, rebuild the index, set bad files aside
  export "<query>"          Write the messages of a search: --out FILE.mbox, or --format eml --out FOLDER
  models [list]             The model catalogue: what each model costs (download, disk, memory) and gives, what is
                            installed and in use
  models get <name>         Download a model into the data folder's models/, verified by SHA-256; only on this
                            command. --mirror URL (or the modelMirror setting, or LANTERN_MODEL_MIRROR) for a mirror
                            laid out like https://huggingface.co; Ctrl-C pauses and the next get resumes
  models use <name|path>    Use an installed model, a built-in one, or your own files (an ONNX model folder, a .gguf)
  models remove <name>      Delete an installed model; a role that used it goes back to the built-in one
  models cancel <name>      Stop a download and delete its bytes
  mcp                       A Model Context Protocol server on stdio for AI assistants (read-only; safe beside the app)
  serve                     Browser mode on 127.0.0.1: --port N (default 4960, 0 = any free port) --open

Every command takes --data-dir DIR (or LANTERN_DATA_DIR) and --json.`;
