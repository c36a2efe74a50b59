// Reads the text of one page image with tesseract.js, in a worker thread, with the language data installed from npm.
import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Page, type Worker } from 'tesseract.js';
import { errorMessage } from '../../shared/errorMessage';

/** The language data packages (@tesseract.js-data/<code>): English is a dependency, any other installed is read too. */
const DATA_SCOPE = '@tesseract.js-data';
/**
 * Words Tesseract is less sure of than this (0-100) are left out: on charts, waterfalls and photos it reads letter soup
 * ("EE NE Sh Be LOR HET") at confidences well below the clear text beside it, and that soup was near any odd query by
 * meaning and matched stray words. Measured on the usrp-users archive's screenshots: soup words mostly under 60, text
 * mostly above.
 */
const WORD_CONFIDENCE = 60;
/** A word kept holds a letter or a digit: lone marks ("|", "——", "=") carry nothing to search. */
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The page's text from its layout: paragraphs apart, lines kept, each line's sure words only. */
function sureText(page: Page): string {
  return (page.blocks ?? [])
    .flatMap((block) => block.paragraphs)
    .map((paragraph) =>
      paragraph.lines
        .map((line) =>
          line.words
            .filter((word) => word.confidence >= WORD_CONFIDENCE && HAS_LETTER_OR_DIGIT.test(word.text))
            .map((word) => word.text)
            .join(' '),
        )
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** The integer LSTM model: a third of the size of the full one, and what tesseract.js itself loads by default. */
const DATA_VERSION = '4.0.0_best_int';

/**
 * Every installed language's data copied as <code>.traineddata into `folder`, English first. tesseract.js reads one
 * folder for all languages (each package has its own) and misreads data passed in memory, so the worker is pointed at
 * this folder as its read-only cache; nothing is ever fetched (without data it would download). The folder is kept in
 * the data folder and reused: a temporary one was left behind by every process that was killed while OCR ran.
 */
async function gatherLanguages(folder: string): Promise<string[]> {
  const scope = dirname(dirname(createRequire(import.meta.url).resolve(`${DATA_SCOPE}/eng/package.json`)));
  const codes = (await readdir(scope)).sort((first, second) => (first === 'eng' ? -1 : second === 'eng' ? 1 : first.localeCompare(second)));
  await mkdir(folder, { recursive: true });
  const found: string[] = [];
  for (const code of codes) {
    try {
      await copyOnce(join(scope, code, DATA_VERSION, `${code}.traineddata.gz`), join(folder, `${code}.traineddata`));
      found.push(code);
    } catch (error) {
      console.warn(`ocr: the language data ${DATA_SCOPE}/${code} has no ${DATA_VERSION} model; it is not used (${errorMessage(error)})`);
    }
  }
  return found;
}

/**
 * Copies `source` to `target` unless a copy of the same size is there; written under a name of its own and renamed,
 * so a second process never reads half a file.
 */
async function copyOnce(source: string, target: string): Promise<void> {
  const [wanted, present] = await Promise.all([stat(source), stat(target).catch(() => null)]);
  if (present?.size === wanted.size) return;
  const partial = `${target}.${process.pid}.partial`;
  await copyFile(source, partial);
  await rename(partial, target);
}

const READER_CLOSED = 'ocr: the reader was closed';

/** The OCR engine itself failed (not one page): the stage stops rather than mark every image as unreadable. */
export class OcrUnavailableError extends Error {}

export class OcrReader {
  private worker: Promise<Worker> | null = null;
  private languageCodes = 'eng';
  /** Gathered once per reader: a worker started again after a page's timeout reads the same folder. */
  private gathered: Promise<string[]> | null = null;
  private isClosed = false;
  /** Ends the page being read (one at a time), if any. */
  private stopReading: (() => void) | null = null;

  /** `languageFolder`: where the language data is copied for tesseract.js to read; kept between runs. */
  constructor(private readonly languageFolder: string) {}

  /** "eng", or "eng+deu+…" once the worker has loaded more languages. */
  get languages(): string {
    return this.languageCodes;
  }

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const folder = this.languageFolder;
      const codes = await (this.gathered ??= gatherLanguages(folder));
      if (codes.length === 0) throw new Error(`ocr: no language data is installed (npm package ${DATA_SCOPE}/eng)`);
      this.languageCodes = codes.join('+');
      // 'readOnly': read from the folder, never written back; the data is gzipped, which the worker detects.
      const worker = await createWorker(codes, 1, { cachePath: folder, cacheMethod: 'readOnly', langPath: folder, gzip: false });
      // Images from mail rarely say their resolution, and Tesseract warned on every one ("Invalid resolution 25 dpi").
      await worker.setParameters({ user_defined_dpi: '300' });
      return worker;
    })();
    return this.worker;
  }

  /** The page's sure text (see WORD_CONFIDENCE); a page that takes longer than `timeoutMs` stops the worker (the next page starts a new one). */
  async read(image: Uint8Array, timeoutMs: number): Promise<string> {
    let worker: Worker;
    try {
      worker = await this.start();
    } catch (error) {
      this.worker = null;
      throw new OcrUnavailableError(`ocr: tesseract.js could not start: ${errorMessage(error)}`);
    }
    if (this.isClosed) throw new Error(READER_CLOSED);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.worker = null;
        void worker.terminate();
        reject(new Error(`reading the page took longer than ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.stopReading = () => reject(new Error(READER_CLOSED));
    });
    try {
      const result = await Promise.race([worker.recognize(Buffer.from(image), {}, { text: true, blocks: true }), stopped]);
      return sureText(result.data);
    } finally {
      clearTimeout(timer);
      this.stopReading = null;
    }
  }

  async close(): Promise<void> {
    // The page being read ends now, and its timer with it: a pending timer would keep a closed engine's process alive.
    this.isClosed = true;
    this.stopReading?.();
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }
}
