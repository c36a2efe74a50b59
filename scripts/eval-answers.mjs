// `npm run eval` (second half): the extractive answers over the tuning and held-out question sets; writes eval/answers/results.md.
import { bundleAndRun } from './bundleAndRun.mjs';

await bundleAndRun('lantern-eval-answers', { run: 'eval/answers/run.ts' }, process.argv.slice(2));
