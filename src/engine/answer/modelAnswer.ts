// Turns a language model's streamed reply into an Answer: the same prompt, citation check and refusal rule for
// Ollama, OpenAI-compatible servers and the local model.
import { buildPrompt, isRefusal, parseCitations, stripUnknownMarkers } from './prompt';
import { REFUSAL_SENTENCE, type Answer, type AnswerOptions, type ChatGenerator, type Passage, type ProviderName } from './types';

export async function answerWithModel(
  provider: ProviderName,
  generate: ChatGenerator,
  question: string,
  passages: Passage[],
  options: AnswerOptions = {},
): Promise<Answer> {
  const started = performance.now();
  const took = (): number => Math.round(performance.now() - started);
  // With nothing retrieved there is nothing to answer from; asking the model would only invite a guess.
  if (passages.length === 0) {
    options.onToken?.(REFUSAL_SENTENCE);
    return { answer: REFUSAL_SENTENCE, citations: [], provider, refused: true, tookMs: took() };
  }
  const messages = buildPrompt(question, passages, options.history ?? []);
  let written = '';
  const onToken = (token: string): void => {
    written += token;
    options.onToken?.(token);
  };
  let text: string;
  try {
    text = await generate(messages, { signal: options.signal, onToken });
  } catch (error) {
    // A stop is the person's choice, not a failure: they keep what was written, with the citations it makes.
    if (options.signal?.aborted !== true) throw error;
    const partial = stripUnknownMarkers(written, passages);
    return { answer: partial, citations: parseCitations(partial, passages), provider, refused: false, stopped: true, tookMs: took() };
  }
  if (isRefusal(text)) return { answer: REFUSAL_SENTENCE, citations: [], provider, refused: true, tookMs: took() };
  const answer = stripUnknownMarkers(text, passages);
  return { answer, citations: parseCitations(answer, passages), provider, refused: false, tookMs: took() };
}
