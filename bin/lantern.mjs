#!/usr/bin/env node
// The `lantern` command: runs the built CLI (npm install builds it through the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../out/cli/lantern.mjs', import.meta.url));
if (!existsSync(built)) {
  console.error('lantern: the command is not built yet; run `npm run build` in the Lantern folder first');
  process.exit(2);
}
await import(pathToFileURL(built).href);
