// node:crypto, loaded when something first hashes rather than when a module that may hash is loaded: a whole read-only
// command (`lantern search`) as a rule hashes nothing, and loading the module was a noticeable part of its start
// (issue 25: a whole command as quick as notmuch's).
import type * as Crypto from 'node:crypto';

let loaded: typeof Crypto | null = null;

export function nodeCrypto(): typeof Crypto {
  loaded ??= process.getBuiltinModule('node:crypto');
  return loaded;
}
