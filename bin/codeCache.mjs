// Runs the built command, one CommonJS file, with V8's code cache: what an earlier run of the same command compiled is
// read back instead of parsing and compiling the bundle again (issue 25: a whole `lantern search` as quick as notmuch's).
// Node 20 keeps no cache of ES modules' code (Node 22's module.enableCompileCache does), hence CommonJS and vm.Script.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, platform } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/**
 * The user's own cache folder, never a shared temporary one: code read from the cache runs as the user, so nobody else
 * may be able to put a file there.
 */
function cacheFolder() {
  const base =
    platform() === 'win32'
      ? (process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'))
      : platform() === 'darwin'
        ? join(homedir(), 'Library', 'Caches')
        : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'lantern', 'code');
}

/**
 * Written once the command has run (its code compiled as it ran is in the cache too) or, for a command that keeps
 * running (`lantern mcp`, `lantern serve`), after a while. Written beside and renamed, so that no other run reads half a
 * file; caches of this installation's other builds are removed.
 */
function saveLater(script, folder, name, place, prefix) {
  let isSaved = false;
  const save = () => {
    if (isSaved) return;
    isSaved = true;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const part = join(folder, `${name}.${process.pid}.part`);
      writeFileSync(part, script.createCachedData(), { mode: 0o600 });
      renameSync(part, join(folder, name));
      for (const other of readdirSync(folder))
        if (other.startsWith(place) && !other.startsWith(prefix)) rmSync(join(folder, other), { force: true });
    } catch {
      // A folder that cannot be written only leaves the next run compiling as this one did.
    }
  };
  process.once('exit', save);
  setTimeout(save, 10_000).unref();
}

/** A short name for a path (FNV-1a, 32 bits, in hex): only to tell installations' caches apart. */
function placeKey(path) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index += 1) hash = Math.imul(hash ^ path.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Runs `file` (CommonJS) as `command` runs it; each command keeps its own cache, of the code it runs. */
export function runWithCodeCache(file, command) {
  // The build writes the command in ASCII (scripts/build-cli.mjs), which reads fastest as Latin-1.
  const source = readFileSync(file, 'latin1');
  const { size, mtimeMs } = statSync(file);
  // V8 checks a cache against its own version and flags but, of the source, its length only: the build names the file.
  // Installations (a checkout, the app) keep theirs apart, each named by where its command is.
  const place = `${placeKey(file)}-`;
  const prefix = `${place}${process.version}-${process.arch}-${Math.round(mtimeMs)}-${size}-`;
  const name = `${prefix}${command.replace(/[^a-z]/g, '') || 'none'}.bin`;
  const folder = cacheFolder();
  let cachedData;
  try {
    cachedData = readFileSync(join(folder, name));
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __lanternImport) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  if (cachedData === undefined || script.cachedDataRejected) saveLater(script, folder, name, place, prefix);
  const module = { exports: {} };
  // The packages the command imports as it runs (see scripts/build-cli.mjs), found from here as from the command's folder.
  const importPackage = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), importPackage);
}
