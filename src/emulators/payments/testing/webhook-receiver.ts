// A stand-in for the storefront's webhook endpoint, for the emulator's own tests: it records each
// delivery (body and headers) and answers with the status the test chooses.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` deliveries have arrived. */
  waitFor: (count: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/**
 * Listens on 127.0.0.1 (a free port unless given). `answer` decides each delivery's status (by
 * its position, from 0); it may also hold the response open by returning a promise.
 */
export async function startWebhookReceiver(
  answer: (index: number) => number | Promise<number> = () => 200,
  port = 0,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve: (all: ReceivedWebhook[]) => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve([...received]);
      void Promise.resolve(answer(index)).then((status) => response.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}/webhooks/stripe`,
    received,
    waitFor: (count) =>
      received.length >= count ? Promise.resolve([...received]) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
