// Words for matching a question against mail sentences: lower-cased, stopwords dropped, lightly stemmed so that
// "maintains", "maintained" and "maintaining" meet.
import { QUESTION_VERBS, QUESTION_WORDS } from '../../shared/query/questionWords';
import { NUMBER_WORDS } from '../../shared/query/vocabulary';

const STOPWORDS = new Set<string>([
  ...QUESTION_WORDS,
  ...QUESTION_VERBS,
  ...(
    'a an the and or but if then else of to in on at by for with from into onto over under about above ' +
    'below as be been being am doing done having might i me my mine we us our ours you your yours he him ' +
    'his she her hers it its they them their theirs this that these those there here whether not no yes ' +
    'so too very just also any all some each every other such than own same only both few more most much ' +
    'many again further once up down out off s t don doesn didn isn aren wasn weren won wouldn shouldn ' +
    'couldn get got please tell know let like one thing things anyone anybody someone somebody something ' +
    'anything hi hello thanks thank regards via re fwd fw mail email e-mail message wrote say said ever ' +
    'find'
  ).split(' '),
]);

/** Strips common English suffixes; not a full Porter stemmer, only enough to join inflections of one word. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(xes|ches|shes|sses)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  // "announcement" meets "announced", "requirement" meets "required", "coverage" meets "cover"; short stems
  // ("comment", "document", "image") stay whole.
  if (w.endsWith('ment') && w.length >= 9) w = w.slice(0, -4);
  else if (w.endsWith('age') && w.length >= 7) w = w.slice(0, -3);
  // "runn" from "running", "stopp" from "stopped": fold the doubled consonant.
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Raw word tokens, keeping product names like "E312", "UHD-3_14", "2017.4" and "num_send_frames" whole. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:[._\-'’][\p{L}\p{N}]+)*/gu) ?? [];
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** "grcon21" is GRCon of 2021: three letters or more, then a year of this century up to 39 ("ubx40" is no year). */
export function eventYear(word: string): { name: string; year: string } | null {
  const match = /^(\p{L}{3,})([0-3]\d)$/u.exec(word.toLowerCase());
  return match === null ? null : { name: match[1]!, year: `20${match[2]!}` };
}

/** The stemmed content words of a text, in order, with repeats. */
export function terms(text: string): string[] {
  const result: string[] = [];
  for (const word of words(text)) {
    const lower = word.toLowerCase();
    if (STOPWORDS.has(lower) || (lower.length < 2 && !/\d/.test(lower))) continue;
    // "GRCon21" is "GRCon 2021": a name with a two-digit year is read as the name and the full year, so both meet.
    const event = eventYear(lower);
    if (event !== null) {
      result.push(stem(event.name), event.year);
      continue;
    }
    result.push(stem(lower));
    // Numbers written as words, so "two N210s" meets "2 N210s" ("one" never gets here: "one of the ..." is a stopword).
    const number = NUMBER_WORDS[lower];
    if (number !== undefined) result.push(String(number));
    // A model's plural ("two N210s", "X310s") meets the model, which stem() leaves whole since it holds digits.
    const model = /^(\p{L}+\d+\p{L}*?)s$/u.exec(lower);
    if (model !== null) result.push(model[1]!);
    // "ODR-DabMod" should also meet "dabmod", and "num_send_frames" meet "send frames".
    if (/[-_]/.test(lower)) {
      for (const part of lower.split(/[-_]/)) {
        if (part.length > 2 && !STOPWORDS.has(part)) result.push(stem(part));
      }
    }
    // "UHD 4.0" is the "4.0.0.0" or "v4.0.0.0" the release mail names: a version also yields its form without the
    // trailing zero parts, down to two parts.
    const version = /^v?(\d+\.\d+(?:\.\d+)+)$/.exec(lower)?.[1];
    if (version !== undefined) {
      let short = version;
      while (/^\d+\.\d+\.\d+/.test(short) && short.endsWith('.0')) short = short.slice(0, -2);
      if (short !== version) result.push(short);
    }
    // "200Msps" should meet "200 Msps", and "10MHz" meet "10 MHz"; ordinals ("2nd") stay whole.
    const measure = /^(\d+(?:[.,]\d+)?)(\p{L}{2,})$/u.exec(lower);
    if (measure !== null && !/^(st|nd|rd|th)$/.test(measure[2]!)) result.push(measure[1]!, stem(measure[2]!));
  }
  return result;
}
