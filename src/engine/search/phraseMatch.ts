// Decides whether a message holds a phrase (consecutive words) without tokenising all of its text when it can.
import { words } from '../index/fold';

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
 * folding "Zéro" into "zero" could still make a match) is tokenised and folded in full.
 */
export function phraseMatcher(phrase: string): PhraseMatcher {
  const parts = phrase.split(' ').filter(Boolean);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${parts.map(escapeForRegExp).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'iu');
  const padded = ` ${parts.join(' ')} `;
  return {
    matches(text: string): boolean {
      if (pattern.test(text)) return true;
      if (!HAS_NON_ASCII.test(text)) return false;
      return ` ${words(text).join(' ')} `.includes(padded);
    },
  };
}
