// Black box: the running storefront (built, started as `npm start` does) bounds every body it reads
// over a real socket, announced or streamed: 413 above the limit, 415 for a type a route does not
// read, a text/plain web-vitals beacon taken, and the server answering normally afterwards.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';

const BODY_LIMIT_BYTES = 64 * 1024;

interface Answer {
  status: number;
  body: string;
}

/** Sends a body over a real connection, as a stream of chunks without Content-Length when `chunked`. */
function send(method: string, path: string, contentType: string, body: string, { chunked = false } = {}): Promise<Answer> {
  const url = new URL(path, inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: { 'content-type': contentType } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    // The server may answer 413 and close before the whole body is written.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    if (chunked) {
      for (let at = 0; at < body.length; at += 16 * 1024) outgoing.write(body.slice(at, at + 16 * 1024));
    } else {
      outgoing.setHeader('content-length', Buffer.byteLength(body));
      outgoing.write(body);
    }
    outgoing.end();
  });
}

const oversized = `{"padding":"${'x'.repeat(BODY_LIMIT_BYTES * 2)}"}`;

describe('bodies sent to the running storefront', () => {
  it.each([
    ['tRPC', 'POST', '/trpc/bookings.create', 'application/json'],
    ['REST', 'POST', '/booking', 'application/json'],
    ['REST as text', 'POST', '/tools', 'text/plain'],
    ['the payment webhook', 'POST', '/webhooks/stripe', 'application/json'],
    ['web vitals', 'POST', '/vitals', 'text/plain;charset=UTF-8'],
  ])('refuses an oversized %s body with 413, announced or streamed', async (_name, method, path, contentType) => {
    const announced = await send(method, path, contentType, oversized);
    const streamed = await send(method, path, contentType, oversized, { chunked: true });

    expect(announced.status).toBe(413);
    expect(streamed.status).toBe(413);
  });

  it('refuses a form or an XML body on a JSON route with 415', async () => {
    expect((await send('POST', '/booking', 'application/x-www-form-urlencoded', 'amount=1')).status).toBe(415);
    expect((await send('POST', '/trpc/bookings.create', 'application/xml', '<amount>1</amount>')).status).toBe(415);
  });

  it('takes a web-vitals beacon sent as text/plain and keeps answering afterwards', async () => {
    const beacon = JSON.stringify({ name: 'CLS', value: 0.02, rating: 'good', id: 'v-black-box', path: '/' });
    expect((await send('POST', '/vitals', 'text/plain;charset=UTF-8', beacon)).status).toBe(204);

    const health = await fetch(new URL('/health', inject('baseUrl')));
    expect(health.status).toBe(200);
  });
});
