// The floor every figure is divided by: a bare Fastify process answering each scenario's path with
// that scenario's own response body (captured from the storefront in the same run), already
// serialised, so it pays only what any Fastify answer of those bytes pays.
// It also answers /busy/{scenario} with the same bytes after spinning the CPU for a fixed time:
// the calibration row, which shows what a route costing that much more than the floor reaches.
// argv: port, a JSON file of { [scenario]: { method, body } } (body: the JSON text sent), and the
// calibration's busy time in microseconds.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '0', payloadFile = '', busyMicroseconds = '0'] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(payloadFile, 'utf8')) as Record<string, { method: 'GET' | 'POST'; body: string }>;
const busyMs = Number(busyMicroseconds) / 1000;

/** Keeps this process on the CPU for `ms`, as a route doing that much work would. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

const app = Fastify({ logger: false });
for (const [name, { method, body }] of Object.entries(payloads)) {
  app.route({
    method,
    url: `/bare/${name}`,
    handler: (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
  });
  app.route({
    method,
    url: `/busy/${name}`,
    handler: (_request, reply) => {
      spin(busyMs);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
}
const address = await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
