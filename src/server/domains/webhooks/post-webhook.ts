// One POST of a signed webhook: node's http(s).request rather than fetch, because it takes a
// `lookup` (safeLookup), so the socket connects only to an address the policy allows, and no
// redirect is ever followed. The answer is read up to a few hundred bytes; the rest is dropped.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { hostOf, isAllowedAddress, refusalOfEndpointUrl, safeLookup, type EndpointAddressPolicy } from './endpoint-address';

/** What is kept of a receiver's answer. */
const RESPONSE_EXCERPT_BYTES = 300;

export interface PostOutcome {
  /** The receiver's status; null when no answer came. */
  statusCode: number | null;
  /** Why no 2xx came: the transport's error, or the status; null on success. */
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
}

export interface SignedPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export async function postWebhook(post: SignedPost, policy: EndpointAddressPolicy, timeoutMs: number): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The rules of registration again (the setting may have changed since); the addresses are checked
  // once more by safeLookup as the socket connects.
  const refusal = await refusalOfEndpointUrl(post.url, policy);
  const url = new URL(post.url);
  const host = hostOf(url);
  if (refusal || (isIP(host) && !isAllowedAddress(host, policy))) {
    return { statusCode: null, error: refusal ?? 'refused address', responseExcerpt: null, durationMs: elapsed() };
  }
  try {
    const answer = await send(url, post, policy, timeoutMs);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    return {
      statusCode: answer.statusCode,
      error: ok ? null : `HTTP ${answer.statusCode}`,
      responseExcerpt: answer.excerpt,
      durationMs: elapsed(),
    };
  } catch (error) {
    return {
      statusCode: null,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
      responseExcerpt: null,
      durationMs: elapsed(),
    };
  }
}

function send(
  url: URL,
  post: SignedPost,
  policy: EndpointAddressPolicy,
  timeoutMs: number,
): Promise<{ statusCode: number; excerpt: string }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: {
        ...post.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(post.body),
        'user-agent': 'Sprocket-Webhooks/1',
      },
      lookup: safeLookup(policy),
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    });
    outgoing.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      // A second resolve is ignored: the answer is settled by its end or by the excerpt filling up.
      const finish = () => resolve({ statusCode: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8') });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
        kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
        if (kept >= RESPONSE_EXCERPT_BYTES) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    outgoing.on('error', (error) => reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : error));
    outgoing.end(post.body);
  });
}
