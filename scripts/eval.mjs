// `npm run eval` (first half): search quality per mode over the labelled queries in eval/queries.
import { bundleAndRun, root } from './bundleAndRun.mjs';

await bundleAndRun('lantern-eval', { run: 'eval/run.ts' }, ['--root', root, ...process.argv.slice(2)]);
