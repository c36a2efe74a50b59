// Checks the settings LanceDB reads for tables on an object store before they are opened, so a mistake is named plainly.
import { LanternError } from '../../shared/contract/errors';

/** The spellings object_store takes as true for a flag. */
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);

/** The first variable set under any of `names` (LanceDB reads them in any case), as [name as written, value]. */
function settingOf(environment: NodeJS.ProcessEnv, names: string[]): [string, string] | null {
  for (const [name, value] of Object.entries(environment)) if (value && names.includes(name.toLowerCase())) return [name, value];
  return null;
}

/**
 * Throws when tables on an S3-compatible store are reached over plain HTTP without AWS_ALLOW_HTTP: LanceDB then fails
 * every request with "HTTP error: builder error", which Lantern would otherwise report as a damaged table.
 */
export function checkObjectStoreSettings(location: string, environment: NodeJS.ProcessEnv = process.env): void {
  if (!/^s3:\/\//i.test(location)) return;
  const endpoint = settingOf(environment, ['aws_endpoint', 'aws_endpoint_url']);
  if (!endpoint || !/^http:\/\//i.test(endpoint[1])) return;
  const allowHttp = settingOf(environment, ['aws_allow_http', 'allow_http']);
  if (allowHttp && TRUE_WORDS.has(allowHttp[1].trim().toLowerCase())) return;
  throw new LanternError(
    'engine-unavailable',
    `tables: ${location} is reached over plain HTTP (${endpoint[0]}=${endpoint[1]}), which LanceDB refuses unless AWS_ALLOW_HTTP=true is set too: set it, or use an https:// endpoint`,
  );
}
