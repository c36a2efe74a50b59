// Decides whether a message holds a phrase (consecutive words) without tokenising all of its text.
import { foldText } from '../index/fold';

/** Anything but printable ASCII and line breaks: only then can folding change the words of a text. */
const HAS_NON_ASCII = /[^\t\n\r -~]/;

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface PhraseMatcher {
  matches(text: string): boolean;
}

/**
 * `phrase` is already folded ("zero copy"). The raw text is searched first with a case-insensitive pattern that
 * allows any non-word characters between the words; only text that fails it and holds non-ASCII characters (where
 * folding "Zéro" into "zero" could still make a match) is folded and searched again. On folded text the exact-case
 * pattern matches where the phrase's words are consecutive words, as tokenising would find them, without building
 * the list of every word.
 */
export function phraseMatcher(phrase: string): PhraseMatcher {
  const parts = phrase.split(' ').filter(Boolean);
  const source = `(?<![\\p{L}\\p{N}])${parts.map(escapeForRegExp).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`;
  const pattern = new RegExp(source, 'iu');
  const foldedPattern = new RegExp(source, 'u');
  return {
    matches(text: string): boolean {
      if (pattern.test(text)) return true;
      if (!HAS_NON_ASCII.test(text)) return false;
      return foldedPattern.test(foldText(text));
    },
  };
}
