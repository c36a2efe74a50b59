// One S3 request signed with AWS Signature Version 4, for tests that set up a bucket on a local S3-compatible server.
import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256 = (data: string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** Sends `method path` (path-style: /bucket/key) with the headers and body given; the response's status and text. */
export async function s3Request(
  credentials: S3Credentials,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(path, credentials.endpoint);
  const time = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const day = time.slice(0, 8);
  const body = options.body ?? '';
  const payloadHash = sha256(body);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    host: url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': time,
  };
  const names = Object.keys(headers).sort();
  const query = [...url.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
  const canonical = [
    method,
    url.pathname,
    query,
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', time, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  const response = await fetch(url, {
    method,
    headers: { ...headers, authorization },
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  return { status: response.status, text: await response.text() };
}
