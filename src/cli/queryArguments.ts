// Lets a query or question begin with "-" (`lantern search "-from:noreply budget"`): such a word after the command is
// taken as text, not as an unknown option; `--` still ends the options outright.

/** The option names parseArgs knows, and which of them take a value (so the next word is that value, not the query). */
export interface KnownOptions {
  [name: string]: { type: 'string' | 'boolean'; short?: string; default?: boolean };
}

/**
 * Reorders argv so that parseArgs reads every option and then, after `--`, the positionals in their order: the command
 * word, its arguments, and any word after the command that starts with "-" but names no option (a negated operator).
 * Before the command word nothing changes, so `lantern -x` is still an unknown option.
 */
export function separateQueryArguments(argv: readonly string[], options: KnownOptions): string[] {
  const shortNames = new Map(Object.entries(options).flatMap(([name, option]) => (option.short ? [[option.short, name] as const] : [])));
  const takesValue = (word: string): boolean => {
    const name = word.startsWith('--') ? word.slice(2) : shortNames.get(word.slice(1));
    return name !== undefined && !word.includes('=') && options[name]?.type === 'string';
  };
  const isKnownOption = (word: string): boolean => {
    if (word.startsWith('--')) return word.slice(2).split('=')[0]! in options;
    return word.length === 2 && shortNames.has(word[1]!);
  };
  const optionWords: string[] = [];
  const positionals: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    const hasCommand = positionals.length > 0;
    if (word.startsWith('-') && word !== '-' && (!hasCommand || isKnownOption(word) || word.startsWith('--'))) {
      optionWords.push(word);
      if (takesValue(word) && index + 1 < argv.length) {
        index += 1;
        optionWords.push(argv[index]!);
      }
    } else positionals.push(word);
  }
  return [...optionWords, '--', ...positionals];
}
