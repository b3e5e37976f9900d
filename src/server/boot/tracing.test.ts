// Tracing as an operator turns it on: a server process given OTEL_EXPORTER_OTLP_ENDPOINT sends its
// spans over OTLP/HTTP to a receiver in this test, named by route pattern or tRPC procedure, with
// nothing of the URL a caller sent (emails, query strings, junk procedure names). A collector that
// refuses connections is logged once, with its address and the reason, and once when it is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../emulators/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../testing/server-process';

interface ReceivedSpan {
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

interface ExportRequest {
  resourceSpans: Array<{
    resource: { attributes: ReceivedSpan['attributes'] };
    scopeSpans: Array<{ spans: ReceivedSpan[] }>;
  }>;
}

let receiver: Server;
const received: ExportRequest[] = [];
let dataDir: string;

/** A collector answering OTLP/HTTP, keeping what it is sent in `received`. */
function collector(): Server {
  return createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') received.push(JSON.parse(body) as ExportRequest);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
}

beforeAll(async () => {
  receiver = collector();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(join(tmpdir(), 'sprocket-tracing-'));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tracing turned on by OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  // A server process to start, and to stop with its last export: more than the default 30 s on busy cores.
  it('names each request’s span by route pattern or procedure and sends no email or query string', { timeout: 90_000 }, async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_SERVICE_NAME: 'sprocket-under-test',
    });
    const answered = await Promise.all(
      [
        '/admin/secret.person@example.com?token=abc123',
        '/trpc/tools.list?debug=hidden-query',
        '/trpc/someone@example.com',
        '/nowhere/someone@example.com?x=hidden-query',
        '/health',
      ].map(async (path) => (await fetch(`${server.url}${path}`)).status),
    );
    // The last spans are sent when the process stops.
    expect(await server.stop()).toBe(0);

    expect(answered).toEqual([401, 200, 404, 404, 200]);
    const spans = received.flatMap((request) =>
      request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
    expect(spans.map((span) => span.name)).toEqual(
      expect.arrayContaining(['GET /admin/:email', 'GET /trpc/tools.list', 'GET /trpc/:path', 'GET unmatched']),
    );
    expect(spans.map((span) => span.name)).not.toContain('GET /health');
    const sent = JSON.stringify(received);
    expect(sent).toContain('sprocket-under-test');
    for (const secret of ['example.com', 'abc123', 'hidden-query', '?']) expect(sent).not.toContain(secret);
  });
});

describe('a collector that refuses connections', () => {
  // A server process to start and two outages' worth of exports: more than the default 30 s on busy cores.
  it('is logged once with its address and the reason, and once when it answers again', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://tracer:secret@127.0.0.1:${port}`,
      // Export every 100 ms and give up on each within 500 ms, so that an outage shows in seconds.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_EXPORTER_OTLP_TIMEOUT: '500',
      LOG_LEVEL: 'info',
    });
    const outageLines = () =>
      server
        .logs()
        .split('\n')
        .filter((line) => line.includes('tracing: '));
    const traced = () => fetch(`${server.url}/trpc/tools.list`).then((response) => response.body?.cancel());
    const back = collector();
    try {
      await expect.poll(async () => (await traced(), outageLines().length), { timeout: 20_000 }).toBeGreaterThan(0);
      // More exports fail while nothing listens; none of them is logged again.
      for (let request = 0; request < 10; request += 1) {
        await traced();
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
      await expect.poll(async () => (await traced(), outageLines().length), { timeout: 20_000 }).toBe(2);

      const [down, up] = outageLines().map((line) => JSON.parse(line) as { level: number; msg: string; failedExports?: number });
      expect(down).toMatchObject({
        level: 40,
        msg: expect.stringMatching(
          new RegExp(
            `^tracing: cannot send spans to http://127\\.0\\.0\\.1:${port}/v1/traces \\(.*ECONNREFUSED.*\\); they are dropped until it answers$`,
          ),
        ) as unknown,
      });
      expect(up).toMatchObject({
        level: 30,
        msg: expect.stringContaining(`tracing: sending spans to http://127.0.0.1:${port}/v1/traces again`) as unknown,
      });
      expect(up?.failedExports).toBeGreaterThan(1);
      expect(server.logs()).not.toContain('secret');
    } finally {
      await server.stop();
      await new Promise((resolve) => back.close(resolve));
    }
  });
});
