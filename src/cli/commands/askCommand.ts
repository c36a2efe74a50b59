// `lantern ask "<question>"`: an answer from the mail with citations (extractive and offline unless told otherwise).
import { randomUUID } from 'node:crypto';
import type { AnswerProviderSettings } from '../../engine/answer/providers';
import type { Answer, AnswerCitation, ProviderName } from '../../shared/model/answer';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { forTerminal, forTerminalLine } from '../terminalText';
import { UsageError } from '../usage';

export interface AskFlags {
  provider?: string;
  model?: string;
  'base-url'?: string;
  'model-path'?: string;
  threads?: string;
}

/** Provider settings from flags; an API key only ever comes from the LANTERN_API_KEY environment variable. */
export function providerSettings(flags: AskFlags): AnswerProviderSettings {
  const provider = (flags.provider ?? 'extractive') as ProviderName;
  const need = (value: string | undefined, flag: string): string => {
    if (!value) throw new UsageError(`lantern ask: --provider ${provider} needs --${flag}`);
    return value;
  };
  switch (provider) {
    case 'extractive':
      return { kind: 'extractive' };
    case 'ollama':
      return { kind: 'ollama', model: need(flags.model, 'model'), ...(flags['base-url'] ? { baseUrl: flags['base-url'] } : {}) };
    case 'openai':
      return {
        kind: 'openai',
        model: need(flags.model, 'model'),
        baseUrl: need(flags['base-url'], 'base-url'),
        apiKey: process.env.LANTERN_API_KEY,
      };
    case 'local':
      return {
        kind: 'local',
        modelPath: need(flags['model-path'], 'model-path'),
        ...(flags.threads ? { threads: Number(flags.threads) } : {}),
      };
    default:
      throw new UsageError(`lantern ask: --provider must be extractive, ollama, openai or local, not "${String(provider)}"`);
  }
}

/** The quote with its answer span marked »like this«, so the words that answer stand out on a plain terminal. */
function markedQuote(citation: AnswerCitation): string {
  const { quote, span } = citation;
  if (span === undefined || span.start < 0 || span.end > quote.length || span.start >= span.end) return quote;
  return `${quote.slice(0, span.start)}»${quote.slice(span.start, span.end)}«${quote.slice(span.end)}`;
}

/**
 * The human form of an answer: the words that answer first ("Answer: Markus Unger") when a citation marks them, the
 * answer as written, then each source with its quote, the answer span marked.
 */
export function formatAnswer(answer: Answer): string {
  const spanned = answer.citations.find((citation) => citation.span !== undefined);
  const lines = spanned ? [`Answer: ${forTerminalLine(spanned.quote.slice(spanned.span!.start, spanned.span!.end))}`, ''] : [];
  lines.push(answer.answer, '');
  for (const citation of answer.citations) {
    lines.push(
      `[${citation.n}] ${forTerminalLine(`${citation.subject} — ${citation.from.name || citation.from.address}`)}, ${citation.date.slice(0, 10)} [${citation.id}]`,
      `    "${forTerminalLine(markedQuote(citation))}"`,
    );
  }
  return lines.join('\n').trimEnd();
}

export async function runAsk(question: string | undefined, flags: AskFlags, dataDir: string, json: boolean): Promise<number> {
  if (!question) throw new UsageError('lantern ask: give a question in quotes, e.g. lantern ask "who sent the budget?"');
  const settings = providerSettings(flags);
  const engine = await openCliEngine(dataDir, { answerProvider: settings, access: 'read' });
  const requestId = randomUUID();
  const streams = !json && settings.kind !== 'extractive' && process.stdout.isTTY;
  const unsubscribe = streams
    ? engine.subscribe(
        (event) => event.type === 'answer-token' && event.requestId === requestId && process.stdout.write(forTerminal(event.text)),
      )
    : () => {};
  try {
    const answer = await engine.ask({ question, requestId });
    unsubscribe();
    if (json) printJson(answer);
    else {
      if (streams) process.stdout.write('\n\n');
      printText(formatAnswer(answer));
    }
    return 0;
  } finally {
    await engine.close();
  }
}
